// SPDX-License-Identifier: MIT
#include "jobspec/yamlemit.h"

#include "jobspec/yamlscalar.h"

#include <algorithm>
#include <yaml-cpp/yaml.h>

namespace trainyard::jobspec::yaml {

namespace {

// What yaml-cpp writes raw even inside double quotes.
bool hasRawUnprintable(const QString &text)
{
    return std::any_of(text.cbegin(), text.cend(), [](QChar c) {
        const char16_t u = c.unicode();
        return u == 0x7F || u == 0x2028 || u == 0x2029;
    });
}

void emitEscaped(YAML::Emitter &out, const QString &text)
{
    if (hasRawUnprintable(text))
        out << YAML::EscapeNonAscii; // this scalar only
    out << YAML::DoubleQuoted << text.toStdString();
}

} // namespace

bool needsEscapes(const QString &text)
{
    return std::any_of(text.cbegin(), text.cend(), [](QChar c) {
        const char16_t u = c.unicode();
        return u < 0x20 || (u >= 0x7F && u <= 0x9F) || u == 0x2028 || u == 0x2029 || u == 0xFEFF;
    });
}

void emitString(YAML::Emitter &out, const QString &text)
{
    // Quote what would not read back as this string; also "---"/"..." which are document
    // markers at the start of a line.
    if (!needsEscapes(text) &&
        (text.isEmpty() || readsAsNonString(text) || text.startsWith(QLatin1String("---")) ||
         text.startsWith(QLatin1String("..."))))
        emitScalar(out, text, YAML::DoubleQuoted);
    else
        emitScalar(out, text);
}

void emitScalar(YAML::Emitter &out, const QString &text, YAML::EMITTER_MANIP style)
{
    if (needsEscapes(text)) {
        emitEscaped(out, text);
        return;
    }
    if (style != YAML::Auto)
        out << style;
    out << text.toStdString();
}

void emitNode(YAML::Emitter &out, const YAML::Node &node)
{
    switch (node.Type()) {
    case YAML::NodeType::Map:
        if (node.Style() == YAML::EmitterStyle::Flow)
            out << YAML::Flow;
        out << YAML::BeginMap;
        for (auto it = node.begin(); it != node.end(); ++it) {
            out << YAML::Key;
            emitNode(out, it->first);
            out << YAML::Value;
            emitNode(out, it->second);
        }
        out << YAML::EndMap;
        break;
    case YAML::NodeType::Sequence:
        if (node.Style() == YAML::EmitterStyle::Flow)
            out << YAML::Flow;
        out << YAML::BeginSeq;
        for (auto it = node.begin(); it != node.end(); ++it)
            emitNode(out, *it);
        out << YAML::EndSeq;
        break;
    case YAML::NodeType::Scalar:
        emitScalar(out, QString::fromStdString(node.Scalar()));
        break;
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
        out << node;
        break;
    }
}

} // namespace trainyard::jobspec::yaml
