// SPDX-License-Identifier: MIT
// Internal to config.yaml I/O: how YAML readers interpret plain scalars, and the number formats
// the importer accepts and the exporter writes. Not part of the public spec API.
#pragma once

#include <QString>
#include <optional>

namespace trainyard::jobspec::yaml {

// True when a plain (unquoted) scalar with this text would not be read back as a string by
// YAML 1.1 (PyYAML, which gcloud uses), YAML 1.2 or yaml-cpp: null, bools, integers, floats,
// timestamps. The exporter double-quotes such strings.
bool readsAsNonString(const QString &text);

// What gcloud's YAML reader makes of an unquoted scalar, written back as text, when that text
// differs from the original ("2.10" -> "2.1", "010" -> "8", "yes" -> "true"); nullopt when
// the text survives unchanged.
std::optional<QString> gcloudChangedText(const QString &text);

// True when gcloud's YAML reader (PyYAML, YAML 1.1) reads this unquoted scalar as a number.
bool readsAsNumber(const QString &text);

enum class NumberStatus { Ok, Invalid, OutOfRange };

// Decimal integers only ("4", "-3", "+7"): what the API's int64 fields accept.
NumberStatus parseInt64(const QString &text, qint64 *value);
// Decimal or exponent floats, integers, and .inf/-.inf/.nan in their YAML spellings.
NumberStatus parseDouble(const QString &text, double *value);
// true/false (any case) and YAML 1.1's yes/no/on/off.
std::optional<bool> parseBool(const QString &text);

// The shortest text that parses back to exactly v and that YAML 1.1 and 1.2 both read as a
// number: "0.1", "3", "1.0e-05", ".inf".
QString formatDouble(double v);

} // namespace trainyard::jobspec::yaml
