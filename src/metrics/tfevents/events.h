// SPDX-License-Identifier: MIT
// Scalars out of TensorFlow `Event` records, the way TensorBoard's scalars dashboard finds them:
//  - `summary.value[].simple_value` (TF1 tf.summary.scalar, Keras in TF1 mode,
//    torch.utils.tensorboard by default): always a scalar (TensorBoard's data_compat migrates it
//    to the scalars plugin);
//  - `summary.value[].tensor` (TF2 tf.summary.scalar, Keras' TensorBoard callback,
//    torch.utils.tensorboard with new_style=True): a scalar when the tag's summary metadata names
//    the plugin "scalars" (or has data_class DATA_CLASS_SCALAR). As in TensorBoard's
//    plugin_event_accumulator, the metadata of a tag's FIRST value in a run counts — writers
//    send it once per tag — and later values of that tag carry none. The tensor must hold
//    exactly one element: float_val / double_val / half_val / int_val / int64_val, or the same
//    in tensor_content (little-endian), for DT_FLOAT, DT_DOUBLE, DT_HALF, DT_BFLOAT16,
//    DT_INT32 and DT_INT64.
// Each point takes the event's step and wall_time (seconds since the epoch, a double).
#pragma once

#include <QHash>
#include <QMetaType>
#include <QString>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace trainyard::metrics::tfevents {

struct ScalarPoint
{
    QString run; // TensorBoard's run name: see EventFileFollower::runName()
    QString tag; // the summary tag, e.g. "epoch_loss", "train/accuracy"
    qint64 step = 0;
    double wallTime = 0; // seconds since the epoch (UTC)
    double value = 0;
};
using ScalarPoints = std::vector<ScalarPoint>;

struct DecodeStats
{
    qint64 events = 0;
    qint64 unparsable = 0; // records with an intact CRC that are not an Event
    qint64 scalars = 0;
    qint64 otherValues = 0; // images, histograms, text, non-scalar tensors, ...
    QString fileVersion;    // "brain.Event:2" from the first event, when seen
};

// The state TensorBoard keeps per run: which plugin each tag belongs to. One decoder per run,
// shared by the run's files.
class EventDecoder
{
public:
    explicit EventDecoder(QString run = {});
    ~EventDecoder();
    EventDecoder(EventDecoder &&) noexcept;
    EventDecoder &operator=(EventDecoder &&) noexcept;

    const QString &run() const { return m_run; }

    // Decodes one record's bytes; appends its scalars to out. False when the bytes are not an
    // Event (counted in stats().unparsable).
    bool decode(const char *data, std::size_t size, ScalarPoints &out);

    const DecodeStats &stats() const { return m_stats; }
    // The plugin the tag was first seen with ("" before any metadata).
    QString pluginOf(const QString &tag) const;

private:
    struct TagInfo
    {
        QString name;
        bool metadataSeen = false;
        bool scalar = false;
        QString plugin;
    };
    TagInfo &tagInfo(const std::string &tag);

    struct Parser; // a protobuf arena with a fixed first block: no malloc per record
    std::unique_ptr<Parser> m_parser;
    QString m_run;
    DecodeStats m_stats;
    std::unordered_map<std::string, TagInfo> m_tags;
};

} // namespace trainyard::metrics::tfevents

Q_DECLARE_METATYPE(trainyard::metrics::tfevents::ScalarPoints)
