// SPDX-License-Identifier: MIT
// QComboBox helpers for values that come from data: select the item whose data is `value`,
// adding an item for a value the list does not know (a value is never dropped).
#pragma once

#include <QComboBox>
#include <QString>
#include <optional>

class QSpinBox;

namespace trainyard::ui::wizard {

// Selects the item with data `value`; when none has it, appends `unknownText` (or the value
// itself) with that data. An empty value selects the item with empty data, if any, else none.
void selectData(QComboBox *combo, const QVariant &value, const QString &unknownText = QString());

// Makes the drop-down list of a combo that may be narrower than its items wide enough to show
// every item whole. Call after the items changed.
void fitPopupToItems(QComboBox *combo);

// The current item's data as a string (the edit text for editable combos).
QString currentValue(const QComboBox *combo);

// An optional bool as a combo of three items: "not set" (no data), then true and false.
void fillOptionalBool(QComboBox *combo, const QString &unsetText, const QString &trueText,
                      const QString &falseText);
void setOptionalBool(QComboBox *combo, std::optional<bool> value);
std::optional<bool> optionalBool(const QComboBox *combo);

// An optional integer in a spin box whose minimum means "not set" (its special value text).
// A value the spin box cannot show (outside its range) shows as "not set", and
// storeOptionalInt() keeps it while the spin box still says "not set": a value is never dropped.
void setOptionalInt(QSpinBox *spin, std::optional<qint64> value);
void storeOptionalInt(const QSpinBox *spin, std::optional<qint64> &value);

} // namespace trainyard::ui::wizard
