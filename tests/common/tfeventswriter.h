// SPDX-License-Identifier: MIT
// Writes TensorBoard event files the way TensorFlow and its writers do, for tests and
// benchmarks: a TFRecord file (uint64 length, masked CRC-32C of it, data, masked CRC-32C of the
// data) whose first Event carries file_version "brain.Event:2" (TensorBoard's
// summary/writer/event_file_writer.py, tensorflow/core/util/events_writer.cc), then one Event per
// call with the scalar in one of the encodings real writers use:
//   SimpleValue   summary.value.simple_value (TF1 tf.summary.scalar, torch.utils.tensorboard)
//   TensorContent tensor DT_FLOAT, scalar shape, 4 bytes of tensor_content (TF2 tf.summary.scalar
//                 through the C++ summary writer, Keras' TensorBoard callback)
//   FloatVal      tensor DT_FLOAT with float_val (torch.utils.tensorboard new_style=True)
//   DoubleVal / DoubleContent, HalfVal / HalfContent: the other dtypes the reader accepts.
// Tensor encodings carry the scalars plugin's metadata on the first value of each tag only, as
// TensorFlow's writers do (later values have none).
#pragma once

#include <QByteArray>
#include <QFile>
#include <QSet>
#include <QString>

namespace trainyard::test {

class TfEventsWriter
{
public:
    enum class Encoding {
        SimpleValue,
        TensorContent,
        FloatVal,
        DoubleVal,
        DoubleContent,
        HalfVal,
        HalfContent
    };

    // TensorFlow's name: events.out.tfevents.<10-digit seconds>.<host>.<pid>.<uid><suffix>.
    static QString fileName(qint64 seconds, const QString &host = QStringLiteral("trainyard-test"),
                            qint64 pid = 4242, int uid = 0);

    // Creates (truncates) path, makes its directory, writes the file_version event.
    explicit TfEventsWriter(const QString &path, double wallTime = 1700000000.0);
    bool isOpen() const { return m_file.isOpen(); }
    QString path() const { return m_file.fileName(); }

    // One Event with one scalar value. Flushed.
    void scalar(const QString &tag, qint64 step, double value,
                Encoding encoding = Encoding::SimpleValue, double wallTime = -1);
    // One Event with several scalar values (one per tag), as Keras writes an epoch's logs.
    void scalars(const QList<QPair<QString, double>> &values, qint64 step,
                 Encoding encoding = Encoding::SimpleValue, double wallTime = -1);
    // A text summary (plugin "text", DT_STRING tensor): not a scalar; readers must skip it.
    void text(const QString &tag, qint64 step, const QString &text);

    // Framed record of any payload / raw bytes, for corruption and torn-tail tests.
    void record(const QByteArray &payload);
    void rawBytes(const QByteArray &bytes);
    void flush() { m_file.flush(); }
    void close() { m_file.close(); }

    static QByteArray frame(const QByteArray &payload);
    // The serialized Event of scalar() (file_version when tag is empty).
    QByteArray scalarEvent(const QList<QPair<QString, double>> &values, qint64 step,
                           Encoding encoding, double wallTime);
    static QByteArray fileVersionEvent(double wallTime);

    qint64 recordsWritten() const { return m_records; }

private:
    QFile m_file;
    QSet<QString> m_tagsWithMetadata;
    double m_wallTime;
    qint64 m_records = 0;
};

// Half precision bits of a double (round to nearest even), for HalfVal/HalfContent.
quint16 toHalfBits(double value);

} // namespace trainyard::test
