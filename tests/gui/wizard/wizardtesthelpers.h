// SPDX-License-Identifier: MIT
// Helpers for the wizard's GUI tests: read what a user sees next to a field, pick combo items.
#pragma once

#include "wizard/fieldmessage.h"
#include "wizard/jobwizard.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QTest>

namespace wizardtest {

using trainyard::ui::wizard::FieldMessage;

// The visible messages shown for `field` (all FieldMessages bound to it), one per line.
inline QString shownFor(const QWidget *window, const QWidget *field)
{
    QStringList out;
    const QList<FieldMessage *> messages = window->findChildren<FieldMessage *>();
    for (const FieldMessage *m : messages) {
        if (m->field() == field && !m->isHidden() && !m->text().isEmpty())
            out.append(m->text());
    }
    return out.join(QLatin1Char('\n'));
}

// Selects the item whose data is `data` as a user would (keyboard focus, then the item).
inline bool choose(QComboBox *combo, const QVariant &data)
{
    const int index = combo->findData(data);
    if (index < 0)
        return false;
    combo->setFocus();
    combo->setCurrentIndex(index);
    return true;
}

inline QList<qlonglong> itemCounts(const QComboBox *combo)
{
    QList<qlonglong> out;
    for (int i = 0; i < combo->count(); ++i)
        out.append(combo->itemData(i).toLongLong());
    return out;
}

inline void clickButton(QWizard &wizard, QWizard::WizardButton which)
{
    QAbstractButton *b = wizard.button(which);
    QTest::mouseClick(b, Qt::LeftButton);
}

} // namespace wizardtest
