// SPDX-License-Identifier: MIT
#include "wizard/disclosure.h"

#include <QToolButton>
#include <QVBoxLayout>

namespace trainyard::ui::wizard {

Disclosure::Disclosure(const QString &title, QWidget *parent)
    : QWidget(parent)
    , m_title(title)
    , m_button(new QToolButton(this))
    , m_content(new QWidget(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_button->setCheckable(true);
    m_button->setAutoRaise(true);
    m_button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_button->setFocusPolicy(Qt::StrongFocus);
    m_button->setAccessibleName(QString(title).remove(QLatin1Char('&')));
    layout->addWidget(m_button, 0, Qt::AlignLeft);
    layout->addWidget(m_content);
    connect(m_button, &QToolButton::toggled, this, &Disclosure::setExpanded);
    setExpanded(false);
}

bool Disclosure::isExpanded() const
{
    return m_button->isChecked();
}

void Disclosure::setExpanded(bool expanded)
{
    m_button->setChecked(expanded);
    m_button->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
    m_content->setVisible(expanded);
    updateText();
}

void Disclosure::setSetCount(int count)
{
    if (count == m_setCount)
        return;
    m_setCount = count;
    updateText();
}

void Disclosure::updateText()
{
    const QString text =
        m_setCount > 0 ? tr("%1 (%2 set)").arg(m_title, QString::number(m_setCount)) : m_title;
    m_button->setText(text);
}

} // namespace trainyard::ui::wizard
