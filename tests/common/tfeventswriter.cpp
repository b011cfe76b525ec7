// SPDX-License-Identifier: MIT
#include "common/tfeventswriter.h"

#include "metrics/tfevents/crc32c.h"
#include "tensorboard_subset.pb.h"

#include <QDir>
#include <QFileInfo>
#include <cmath>
#include <cstring>

namespace trainyard::test {

namespace pb = trainyard::metrics::tfevents::pb;
using trainyard::metrics::tfevents::maskedCrc32c;

namespace {

void appendLe32(QByteArray &out, quint32 v)
{
    for (int i = 0; i < 4; ++i)
        out.append(char((v >> (8 * i)) & 0xffu));
}

std::string le(const void *p, std::size_t n)
{
    return std::string(static_cast<const char *>(p), n);
}

} // namespace

quint16 toHalfBits(double value)
{
    const float f = float(value);
    quint32 x;
    std::memcpy(&x, &f, 4);
    const quint32 sign = (x >> 16) & 0x8000u;
    const int exponent = int((x >> 23) & 0xffu) - 127 + 15;
    quint32 mantissa = x & 0x7fffffu;
    if (((x >> 23) & 0xffu) == 0xffu) // inf / nan
        return quint16(sign | 0x7c00u | (mantissa ? 0x200u : 0u));
    if (exponent >= 31)
        return quint16(sign | 0x7c00u);
    if (exponent <= 0) { // subnormal or zero
        if (exponent < -10)
            return quint16(sign);
        mantissa |= 0x800000u;
        const int shift = 14 - exponent;
        quint32 half = mantissa >> shift;
        const quint32 rem = mantissa & ((1u << shift) - 1);
        const quint32 halfway = 1u << (shift - 1);
        if (rem > halfway || (rem == halfway && (half & 1u)))
            ++half;
        return quint16(sign | half);
    }
    quint32 half = (quint32(exponent) << 10) | (mantissa >> 13);
    const quint32 rem = mantissa & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (half & 1u)))
        ++half; // may carry into the exponent: still right
    return quint16(sign | half);
}

QString TfEventsWriter::fileName(qint64 seconds, const QString &host, qint64 pid, int uid)
{
    return QStringLiteral("events.out.tfevents.%1.%2.%3.%4")
        .arg(seconds, 10, 10, QLatin1Char('0'))
        .arg(host)
        .arg(pid)
        .arg(uid);
}

TfEventsWriter::TfEventsWriter(const QString &path, double wallTime)
    : m_file(path)
    , m_wallTime(wallTime)
{
    if (path.isEmpty())
        return; // an encoder only (scalarEvent())
    QDir().mkpath(QFileInfo(path).absolutePath());
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return;
    record(fileVersionEvent(wallTime));
}

QByteArray TfEventsWriter::frame(const QByteArray &payload)
{
    QByteArray out;
    out.reserve(payload.size() + 16);
    const quint64 length = quint64(payload.size());
    QByteArray header;
    for (int i = 0; i < 8; ++i)
        header.append(char((length >> (8 * i)) & 0xffu));
    out.append(header);
    appendLe32(out, maskedCrc32c(header.constData(), std::size_t(header.size())));
    out.append(payload);
    appendLe32(out, maskedCrc32c(payload.constData(), std::size_t(payload.size())));
    return out;
}

QByteArray TfEventsWriter::fileVersionEvent(double wallTime)
{
    pb::Event event;
    event.set_wall_time(wallTime);
    event.set_file_version("brain.Event:2");
    const std::string bytes = event.SerializeAsString();
    return QByteArray(bytes.data(), qsizetype(bytes.size()));
}

QByteArray TfEventsWriter::scalarEvent(const QList<QPair<QString, double>> &values, qint64 step,
                                       Encoding encoding, double wallTime)
{
    pb::Event event;
    event.set_wall_time(wallTime);
    event.set_step(step);
    pb::Summary *summary = event.mutable_summary();
    for (const auto &[tag, value] : values) {
        pb::Summary::Value *v = summary->add_value();
        v->set_tag(tag.toStdString());
        if (encoding == Encoding::SimpleValue) {
            v->set_simple_value(float(value));
            continue;
        }
        if (!m_tagsWithMetadata.contains(tag)) {
            m_tagsWithMetadata.insert(tag);
            pb::SummaryMetadata *md = v->mutable_metadata();
            md->mutable_plugin_data()->set_plugin_name("scalars");
            md->mutable_plugin_data()->set_content(std::string()); // ScalarPluginData v0
            md->set_data_class(pb::DATA_CLASS_SCALAR);
        }
        pb::TensorProto *t = v->mutable_tensor();
        t->mutable_tensor_shape(); // present and empty: rank 0
        switch (encoding) {
        case Encoding::SimpleValue:
            break;
        case Encoding::TensorContent: {
            t->set_dtype(pb::DT_FLOAT);
            const float f = float(value);
            t->set_tensor_content(le(&f, 4));
            break;
        }
        case Encoding::FloatVal:
            t->set_dtype(pb::DT_FLOAT);
            t->add_float_val(float(value));
            break;
        case Encoding::DoubleVal:
            t->set_dtype(pb::DT_DOUBLE);
            t->add_double_val(value);
            break;
        case Encoding::DoubleContent:
            t->set_dtype(pb::DT_DOUBLE);
            t->set_tensor_content(le(&value, 8));
            break;
        case Encoding::HalfVal:
            t->set_dtype(pb::DT_HALF);
            t->add_half_val(toHalfBits(value));
            break;
        case Encoding::HalfContent: {
            t->set_dtype(pb::DT_HALF);
            const quint16 h = toHalfBits(value);
            t->set_tensor_content(le(&h, 2));
            break;
        }
        }
    }
    const std::string bytes = event.SerializeAsString();
    return QByteArray(bytes.data(), qsizetype(bytes.size()));
}

void TfEventsWriter::scalar(const QString &tag, qint64 step, double value, Encoding encoding,
                            double wallTime)
{
    scalars({{tag, value}}, step, encoding, wallTime);
}

void TfEventsWriter::scalars(const QList<QPair<QString, double>> &values, qint64 step,
                             Encoding encoding, double wallTime)
{
    if (wallTime < 0)
        wallTime = m_wallTime + double(step);
    record(scalarEvent(values, step, encoding, wallTime));
}

void TfEventsWriter::text(const QString &tag, qint64 step, const QString &text)
{
    pb::Event event;
    event.set_wall_time(m_wallTime + double(step));
    event.set_step(step);
    pb::Summary::Value *v = event.mutable_summary()->add_value();
    v->set_tag(tag.toStdString());
    v->mutable_metadata()->mutable_plugin_data()->set_plugin_name("text");
    pb::TensorProto *t = v->mutable_tensor();
    t->set_dtype(pb::DT_STRING);
    t->mutable_tensor_shape();
    t->add_string_val(text.toStdString());
    const std::string bytes = event.SerializeAsString();
    record(QByteArray(bytes.data(), qsizetype(bytes.size())));
}

void TfEventsWriter::record(const QByteArray &payload)
{
    rawBytes(frame(payload));
    ++m_records;
}

void TfEventsWriter::rawBytes(const QByteArray &bytes)
{
    m_file.write(bytes);
    m_file.flush();
}

} // namespace trainyard::test
