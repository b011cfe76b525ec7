// SPDX-License-Identifier: MIT
// The message shown under a wizard field: the validator's errors and warnings for that field,
// as plain text in an error or warning colour derived from the palette. The same text becomes
// the field's tooltip and accessible description, so screen readers announce it. A message
// of a wizard page shows once its field was touched (typed in, or left after having the focus)
// or revealed (a loaded job, a page the user edited): a fresh form does not greet the user with
// errors.
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
    // Whether the messages are shown (the field was touched, or reveal() was called).
    bool isRevealed() const { return m_revealed || !m_field; }
    void reveal();
    // Hides the messages until the field is touched or reveal() is called.
    void hideUntilTouched() { m_revealed = false; }
    QString plainText() const { return text(); }

Q_SIGNALS:
    void revealedChanged();

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateColor();

    QPointer<QWidget> m_field;
    QString m_fieldToolTip;
    QStringList m_lines;
    int m_errors = 0;
    bool m_revealed = true;
};

} // namespace trainyard::ui::wizard
