// SPDX-License-Identifier: MIT
// The compiled form of a catalog: every field of catalog.h as CBOR. resources/catalog.yaml stays
// the source of the facts; the build turns it into :/catalog/catalog.cbor with
// trainyard_catalogc (catalogc_main.cpp), and the built-in catalog is read from that, which
// takes a fraction of the time parsing the YAML takes in every process.
#pragma once

#include "catalog/catalog.h"

#include <QByteArray>
#include <QString>

namespace trainyard::catalog {

// The layout version written into the compiled form. Bump it when the layout changes; a compiled
// catalog of another version does not load (the built-in one then falls back to the YAML).
constexpr int CompiledFormatVersion = 1;

// The whole catalog as CBOR. Deterministic: the same catalog gives the same bytes (maps are
// written in sorted key order).
QByteArray toCompiled(const Catalog &catalog);

// The catalog written by toCompiled(), with its lookups ready. A wrong version or malformed data
// gives an empty result with one error naming `origin` and, where known, the field.
LoadResult fromCompiled(const QByteArray &cbor, const QString &origin = QString());

} // namespace trainyard::catalog
