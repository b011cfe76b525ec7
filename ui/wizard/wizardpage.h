// SPDX-License-Identifier: MIT
// Base of the job wizard's pages. A page shows part of a jobspec::Job (load), writes its part back
// (store), and binds field-path prefixes to its widgets: the wizard routes each diagnostic of
// the validator to the widget bound to the longest matching prefix, where a FieldMessage shows
// it; the page's summary lists them all. A page with errors is not complete, so QWizard keeps
// Next and Finish disabled.
#pragma once

#include "jobspec/diagnostic.h"
#include "jobspec/job.h"

#include <QList>
#include <QWizardPage>

class QFormLayout;
class QLabel;
class QScrollArea;

namespace trainyard::ui::wizard {

class FieldMessage;

class WizardPage : public QWizardPage
{
    Q_OBJECT
public:
    explicit WizardPage(QWidget *parent = nullptr);

    // Shows `job`'s values. The wizard ignores edited() while it loads.
    virtual void load(const jobspec::Job &job) = 0;
    // Writes this page's fields into `job`, leaving the fields it does not show untouched.
    virtual void store(jobspec::Job &job) const = 0;

    struct Binding
    {
        QString prefix;
        FieldMessage *message = nullptr;
    };
    const QList<Binding> &bindings() const { return m_bindings; }

    // Diagnostics routing (done by the wizard): clear, add each, then apply.
    void clearDiagnostics();
    void addDiagnostic(const jobspec::Diagnostic &diagnostic, FieldMessage *message);
    void applyDiagnostics();

    // Shows the messages of every field, touched or not (a loaded job's problems).
    void revealAll();

    int errorCount() const { return m_errorCount; }
    QString summaryText() const;

    bool isComplete() const override;
    // Values stay when the user goes back: free movement in both directions.
    void cleanupPage() override {}

Q_SIGNALS:
    // The user (or the page on the user's behalf) changed a value of the spec.
    void edited();

protected:
    // Called after applyDiagnostics() has shown the messages (a page opens a closed section
    // that holds a message, for example).
    virtual void diagnosticsApplied() {}
    // The widget that holds the page's content (inside a scroll area).
    QWidget *body() const { return m_body; }
    // A form layout at the top of the body (extra height goes below it, not between rows).
    QFormLayout *newForm();
    // Creates the message for `field` (null: page-level) and binds `prefix` to it.
    FieldMessage *bind(const QString &prefix, QWidget *field);
    // Adds a labelled row with the field and its message under it. `label` has a mnemonic.
    FieldMessage *addRow(QFormLayout *form, const QString &label, QWidget *field,
                         const QString &prefix, QWidget *fieldWidget = nullptr);

private:
    QList<Binding> m_bindings;
    QWidget *m_body = nullptr;
    QScrollArea *m_scroll = nullptr;
    QLabel *m_summary = nullptr;
    void updateSummary();

    struct Shown
    {
        jobspec::Diagnostic diagnostic;
        FieldMessage *message; // null: page-level, always shown
    };
    QList<Shown> m_shown;
    int m_errorCount = 0;
};

} // namespace trainyard::ui::wizard
