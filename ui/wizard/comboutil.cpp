// SPDX-License-Identifier: MIT
#include "wizard/comboutil.h"

#include <QAbstractItemView>
#include <QSpinBox>
#include <QStyle>

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

void fillOptionalBool(QComboBox *combo, const QString &unsetText, const QString &trueText,
                      const QString &falseText)
{
    combo->addItem(unsetText, QVariant());
    combo->addItem(trueText, true);
    combo->addItem(falseText, false);
}

void setOptionalBool(QComboBox *combo, std::optional<bool> value)
{
    combo->setCurrentIndex(value ? (*value ? 1 : 2) : 0);
}

std::optional<bool> optionalBool(const QComboBox *combo)
{
    const QVariant data = combo->currentData();
    if (!data.isValid())
        return std::nullopt;
    return data.toBool();
}

namespace {

bool showable(const QSpinBox *spin, qint64 value)
{
    return value > spin->minimum() && value <= spin->maximum();
}

} // namespace

void setOptionalInt(QSpinBox *spin, std::optional<qint64> value)
{
    spin->setValue(value && showable(spin, *value) ? int(*value) : spin->minimum());
}

void storeOptionalInt(const QSpinBox *spin, std::optional<qint64> &value)
{
    if (spin->value() != spin->minimum())
        value = spin->value();
    else if (value && showable(spin, *value))
        value.reset();
}

void fitPopupToItems(QComboBox *combo)
{
    QAbstractItemView *view = combo->view();
    const int scrollBar = view->style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    view->setMinimumWidth(view->sizeHintForColumn(0) + scrollBar + 2 * view->frameWidth());
}

} // namespace trainyard::ui::wizard
