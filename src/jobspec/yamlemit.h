// SPDX-License-Identifier: MIT
// Strings into YAML so that every reader reads them back as they were: the one place every
// YAML the project writes (config.yaml, the Kubernetes and Kubeflow manifests, `jobs describe`
// and `jobs list --format yaml`) puts a string.
//
// yaml-cpp writes DEL (U+007F), U+2028 and U+2029 raw, even inside double quotes (it escapes the
// other controls there): DEL is not a printable character to YAML, so PyYAML (which gcloud uses)
// refuses the whole document, and U+2028/U+2029 are line breaks to YAML 1.1, which a reader
// folds into a space. A string holding one is written double-quoted with every character
// outside ASCII escaped ("\x7F", "\u2028"); one holding another control, or U+FEFF,
// double-quoted (yaml-cpp escapes those there).
#pragma once

#include <QString>
#include <yaml-cpp/emittermanip.h>

namespace YAML {
class Emitter;
class Node;
} // namespace YAML

namespace trainyard::jobspec::yaml {

// True when a raw `text` would not survive a YAML reader: a control character (C0, DEL, C1),
// U+2028, U+2029 or U+FEFF.
bool needsEscapes(const QString &text);

// Emits a string scalar that reads back as `text` in YAML 1.1 and 1.2: double-quoted with
// escapes when needsEscapes(), double-quoted when a plain scalar would read as something else (a
// number, bool, null, a document marker, nothing), else as yaml-cpp chooses.
void emitString(YAML::Emitter &out, const QString &text);

// Emits a scalar as yaml-cpp writes it in `style` (Auto: as it chooses; a number stays plain),
// double-quoted with escapes when needsEscapes(): for output that keeps yaml-cpp's choices.
void emitScalar(YAML::Emitter &out, const QString &text, YAML::EMITTER_MANIP style = YAML::Auto);

// Emits a node (maps, sequences, scalars as they are) with every scalar as emitScalar() writes
// it.
void emitNode(YAML::Emitter &out, const YAML::Node &node);

} // namespace trainyard::jobspec::yaml
