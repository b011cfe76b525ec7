// SPDX-License-Identifier: MIT
// The message shown under a wizard field: the validator's errors and warnings for that field,
// as plain text in an error or warning colour derived from the palette. The same text becomes
// the field's tooltip and accessible description, so screen readers announce it.
#pragma once

#include "jobspec/diagnostic.h"

#include <QLabel>
#include <QPointer>

namespace trainyard::ui::wizard {

// Colours for problems that read well on the palette's window colour (light or dark).
QColor errorColor(const QPalette &palette);
QColor warningColor(const QPalette &palette);

class FieldMessage : public QLabel
{
    Q_OBJECT
public:
    // `field` is the widget the messages are about (may be null: page-level messages).
    explicit FieldMessage(QWidget *field, QWidget *parent = nullptr);

    QWidget *field() const { return m_field; }

    void clear();
    void add(const jobspec::Diagnostic &diagnostic);
    // Shows what was added since clear(); hidden when there is nothing to show.
    void apply();

    bool hasErrors() const { return m_errors > 0; }
    QString plainText() const { return text(); }

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateColor();

    QPointer<QWidget> m_field;
    QString m_fieldToolTip;
    QStringList m_lines;
    int m_errors = 0;
};

} // namespace trainyard::ui::wizard
