// SPDX-License-Identifier: MIT
#include "wizard/comboutil.h"

namespace trainyard::ui::wizard {

void selectData(QComboBox *combo, const QVariant &value, const QString &unknownText)
{
    int index = combo->findData(value);
    if (index < 0 && value.isValid() && !value.toString().isEmpty()) {
        combo->addItem(unknownText.isEmpty() ? value.toString() : unknownText, value);
        index = combo->count() - 1;
    }
    combo->setCurrentIndex(index);
    if (combo->isEditable() && index < 0)
        combo->setEditText(value.toString());
}

QString currentValue(const QComboBox *combo)
{
    if (combo->isEditable())
        return combo->currentText();
    return combo->currentData().toString();
}

} // namespace trainyard::ui::wizard
