// SPDX-License-Identifier: MIT
// Internal to src/catalog: turning a YAML tree into a Catalog, then checking that its parts
// refer to each other correctly. Problems go to the Reader as diagnostics.
#pragma once

#include "catalog/catalog.h"
#include "catalog/yamlreader.h"

namespace trainyard::catalog::detail {

// The schema version this code reads.
constexpr int SchemaVersion = 1;

// Fills `catalog` from the document root (schema, duplicates and types are checked here).
void parseCatalog(const YAML::Node &root, Catalog &catalog, Reader &reader);

// Cross-reference checks: unknown machine types and accelerators named by rows, tiers,
// regions; inconsistent subsets. Positions come from the Reader's record of the parse.
void checkCatalog(const Catalog &catalog, Reader &reader);

} // namespace trainyard::catalog::detail
