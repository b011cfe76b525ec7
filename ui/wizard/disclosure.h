// SPDX-License-Identifier: MIT
// A section of a wizard page that opens and closes: a flat arrow button with a mnemonic over
// a content widget. Closed by default, so rarely used options do not make the page taller;
// the button says how many of its options are set, because closing hides values, it never
// drops them.
#pragma once

#include <QWidget>

class QToolButton;

namespace trainyard::ui::wizard {

class Disclosure : public QWidget
{
    Q_OBJECT
public:
    // `title` has a mnemonic, e.g. tr("Ad&vanced options").
    Disclosure(const QString &title, QWidget *parent = nullptr);

    QWidget *content() const { return m_content; }
    QToolButton *button() const { return m_button; }
    bool isExpanded() const;
    void setExpanded(bool expanded);
    // How many of the options inside are set (shown after the title).
    void setSetCount(int count);

private:
    void updateText();

    QString m_title;
    QToolButton *m_button;
    QWidget *m_content;
    int m_setCount = 0;
};

} // namespace trainyard::ui::wizard
