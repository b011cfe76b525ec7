// SPDX-License-Identifier: MIT
// QComboBox helpers for values that come from data: select the item whose data is `value`,
// adding an item for a value the list does not know (a value is never dropped).
#pragma once

#include <QComboBox>
#include <QString>

namespace trainyard::ui::wizard {

// Selects the item with data `value`; when none has it, appends `unknownText` (or the value
// itself) with that data. An empty value selects the item with empty data, if any, else none.
void selectData(QComboBox *combo, const QVariant &value, const QString &unknownText = QString());

// The current item's data as a string (the edit text for editable combos).
QString currentValue(const QComboBox *combo);

} // namespace trainyard::ui::wizard
