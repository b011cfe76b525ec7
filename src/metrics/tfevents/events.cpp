// SPDX-License-Identifier: MIT
#include "metrics/tfevents/events.h"

#include "tensorboard_subset.pb.h"

#include <cmath>
#include <cstring>
#include <google/protobuf/arena.h>

namespace trainyard::metrics::tfevents {

namespace {

const char ScalarsPlugin[] = "scalars";

double halfToDouble(std::uint16_t h)
{
    const int sign = (h >> 15) & 1;
    const int exponent = (h >> 10) & 0x1f;
    const int mantissa = h & 0x3ff;
    double v;
    if (exponent == 0)
        v = std::ldexp(mantissa, -24); // subnormal
    else if (exponent == 31)
        v = mantissa ? std::nan("") : HUGE_VAL;
    else
        v = std::ldexp(mantissa + 1024, exponent - 25);
    return sign ? -v : v;
}

double bfloat16ToDouble(std::uint16_t b)
{
    const std::uint32_t bits = std::uint32_t(b) << 16;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

template<typename T>
T readLe(const std::string &bytes)
{
    // Event files are little-endian, as is every platform we build for.
    static_assert(Q_BYTE_ORDER == Q_LITTLE_ENDIAN, "big-endian hosts need a byte swap here");
    T v;
    std::memcpy(&v, bytes.data(), sizeof v);
    return v;
}

// The single element of a tensor, when it has exactly one and a numeric type we chart.
bool scalarOf(const pb::TensorProto &t, double *out)
{
    if (t.has_tensor_shape()) {
        if (t.tensor_shape().unknown_rank())
            return false;
        for (const auto &dim : t.tensor_shape().dim()) {
            if (dim.size() != 1)
                return false;
        }
    }
    const std::string &content = t.tensor_content();
    auto fromContent = [&](std::size_t width) { return content.size() == width; };
    switch (t.dtype()) {
    case pb::DT_FLOAT:
        if (t.float_val_size() == 1) {
            *out = t.float_val(0);
            return true;
        }
        if (fromContent(4)) {
            *out = readLe<float>(content);
            return true;
        }
        return false;
    case pb::DT_DOUBLE:
        if (t.double_val_size() == 1) {
            *out = t.double_val(0);
            return true;
        }
        if (fromContent(8)) {
            *out = readLe<double>(content);
            return true;
        }
        return false;
    case pb::DT_HALF:
    case pb::DT_BFLOAT16: {
        std::uint16_t bits;
        if (t.half_val_size() == 1)
            bits = std::uint16_t(t.half_val(0) & 0xffff);
        else if (fromContent(2))
            bits = readLe<std::uint16_t>(content);
        else
            return false;
        *out = t.dtype() == pb::DT_HALF ? halfToDouble(bits) : bfloat16ToDouble(bits);
        return true;
    }
    case pb::DT_INT32:
        if (t.int_val_size() == 1) {
            *out = t.int_val(0);
            return true;
        }
        if (fromContent(4)) {
            *out = readLe<std::int32_t>(content);
            return true;
        }
        return false;
    case pb::DT_INT64:
        if (t.int64_val_size() == 1) {
            *out = double(t.int64_val(0));
            return true;
        }
        if (fromContent(8)) {
            *out = double(readLe<std::int64_t>(content));
            return true;
        }
        return false;
    default:
        return false;
    }
}

} // namespace

// Each record is parsed into a fresh Event on an arena whose first block is ours; Reset() after
// the record keeps that block, so a record of a usual size costs no heap allocation (a reused
// Event would free and reallocate its oneof Summary every time).
struct EventDecoder::Parser
{
    static constexpr std::size_t BlockBytes = 64 * 1024;
    std::unique_ptr<char[]> block{new char[BlockBytes]};
    google::protobuf::Arena arena{options()};

    google::protobuf::ArenaOptions options() const
    {
        google::protobuf::ArenaOptions o;
        o.initial_block = block.get();
        o.initial_block_size = BlockBytes;
        return o;
    }
};

EventDecoder::EventDecoder(QString run)
    : m_parser(new Parser)
    , m_run(std::move(run))
{}
EventDecoder::~EventDecoder() = default;
EventDecoder::EventDecoder(EventDecoder &&) noexcept = default;
EventDecoder &EventDecoder::operator=(EventDecoder &&) noexcept = default;

EventDecoder::TagInfo &EventDecoder::tagInfo(const std::string &tag)
{
    auto it = m_tags.find(tag);
    if (it == m_tags.end()) {
        it = m_tags.emplace(tag, TagInfo{}).first;
        it->second.name = QString::fromStdString(tag);
    }
    return it->second;
}

QString EventDecoder::pluginOf(const QString &tag) const
{
    const auto it = m_tags.find(tag.toStdString());
    return it == m_tags.end() ? QString() : it->second.plugin;
}

bool EventDecoder::decode(const char *data, std::size_t size, ScalarPoints &out)
{
    struct ResetAfter
    {
        google::protobuf::Arena &arena;
        ~ResetAfter() { arena.Reset(); }
    } resetAfter{m_parser->arena};
    pb::Event &event = *google::protobuf::Arena::CreateMessage<pb::Event>(&m_parser->arena);
    if (size > std::size_t(std::numeric_limits<int>::max()) ||
        !event.ParseFromArray(data, int(size))) {
        ++m_stats.unparsable;
        return false;
    }
    ++m_stats.events;
    if (event.what_case() == pb::Event::kFileVersion && m_stats.fileVersion.isEmpty())
        m_stats.fileVersion = QString::fromStdString(event.file_version());
    if (event.what_case() != pb::Event::kSummary)
        return true;

    for (const pb::Summary::Value &value : event.summary().value()) {
        const bool simple = value.value_case() == pb::Summary::Value::kSimpleValue;
        const bool tensor = value.value_case() == pb::Summary::Value::kTensor;
        // TensorBoard names a tensor value without a tag by its (legacy) node_name.
        const std::string &tagName =
            (tensor && value.tag().empty()) ? value.node_name() : value.tag();
        TagInfo &info = tagInfo(tagName);
        if (!info.metadataSeen && (value.has_metadata() || simple)) {
            // The first metadata of a tag decides (data_compat gives simple_value the scalars
            // plugin's metadata).
            info.metadataSeen = true;
            if (simple) {
                info.plugin = QLatin1String(ScalarsPlugin);
                info.scalar = true;
            } else {
                const pb::SummaryMetadata &md = value.metadata();
                info.plugin = QString::fromStdString(md.plugin_data().plugin_name());
                info.scalar = md.plugin_data().plugin_name() == ScalarsPlugin ||
                              md.data_class() == pb::DATA_CLASS_SCALAR;
            }
        }
        double v = 0;
        if (info.scalar && simple) {
            v = double(value.simple_value());
        } else if (info.scalar && tensor && scalarOf(value.tensor(), &v)) {
            // v set
        } else {
            ++m_stats.otherValues;
            continue;
        }
        ++m_stats.scalars;
        out.push_back(ScalarPoint{m_run, info.name, event.step(), event.wall_time(), v});
    }
    return true;
}

} // namespace trainyard::metrics::tfevents
