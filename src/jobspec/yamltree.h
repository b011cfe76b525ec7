// SPDX-License-Identifier: MIT
// Internal to config.yaml import: a compact, bounded YAML document tree built from yaml-cpp's
// parser events. yaml-cpp's own YAML::Node costs a few hundred bytes per node and has no size
// limit; this tree refuses documents that are too large, too deep or that expand too far
// through aliases, and reports each as an error diagnostic instead of using up memory or stack.
#pragma once

#include "jobspec/diagnostic.h"

#include <QByteArray>
#include <QString>
#include <string>
#include <vector>

namespace trainyard::jobspec::yaml {

// Limits of what the importer accepts. A real config.yaml is a few hundred nodes.
inline constexpr int maxNestingDepth = 200;   // [ [ [ ... and block nesting alike
inline constexpr int maxFlowItems = 100000;   // separators inside [ ] and { }
inline constexpr int maxParsedNodes = 200000; // nodes written in the file
inline constexpr int maxNodes = 1000000;      // nodes in the document, aliases expanded
inline constexpr int maxDiagnostics = 200;    // further problems are summarised

struct Node
{
    enum class Kind : quint8 { Null, Scalar, Sequence, Mapping, Alias };
    Kind kind = Kind::Null;
    bool quoted = false; // a quoted or explicitly tagged scalar
    int line = 0;        // 1-based; column counts characters, not bytes
    int column = 0;
    int first = -1;  // first child (a mapping's children alternate key, value)
    int next = -1;   // next sibling
    int target = -1; // for aliases: the anchored node
    int textOffset = 0;
    int textLength = 0;
};

class Tree
{
public:
    int root() const { return m_root; }
    bool isEmpty() const { return m_root < 0; }
    const Node &at(int index) const { return m_nodes[static_cast<size_t>(index)]; }
    // The node itself, or for an alias the node it refers to.
    int resolve(int index) const;
    QString text(int index) const;
    SourcePos pos(int index) const;

    // Number of nodes with every alias expanded, counting stops at limit + 1. Iterative.
    qint64 expandedSize(qint64 limit) const;

private:
    friend class TreeBuilder;
    std::vector<Node> m_nodes;
    std::string m_text;
    int m_root = -1;
};

// Byte-level checks before parsing: size, encoding (UTF-16/32, NUL, invalid UTF-8, control
// characters) and flow nesting depth. Strips a UTF-8 byte order mark. Returns false and
// appends an error when the bytes cannot be a config file.
bool prescan(QByteArray &bytes, Diagnostics &diags);

// Parses the single YAML document in bytes (already prescanned). On failure the tree is empty
// and an error is appended; an empty document gives the error "file is empty".
Tree parse(const QByteArray &bytes, Diagnostics &diags);

} // namespace trainyard::jobspec::yaml
