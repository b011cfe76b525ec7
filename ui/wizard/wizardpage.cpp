// SPDX-License-Identifier: MIT
#include "wizard/wizardpage.h"

#include "wizard/fieldmessage.h"

#include <QFormLayout>
#include <QLabel>
#include <QRegularExpression>
#include <QScrollArea>
#include <QVBoxLayout>
#include <algorithm>

namespace trainyard::ui::wizard {

WizardPage::WizardPage(QWidget *parent)
    : QWizardPage(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_scroll = new QScrollArea(this);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    // Tab goes from field to field; the area scrolls to the focused one by itself.
    m_scroll->setFocusPolicy(Qt::NoFocus);
    m_body = new QWidget(m_scroll);
    m_scroll->setWidget(m_body);
    layout->addWidget(m_scroll, 1);

    m_summary = new QLabel(this);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setFrameShape(QFrame::StyledPanel);
    m_summary->setMargin(6);
    m_summary->setAccessibleName(tr("Problems on this page"));
    m_summary->hide();
    layout->addWidget(m_summary);
}

QFormLayout *WizardPage::newForm()
{
    auto *outer = new QVBoxLayout(m_body);
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setLabelAlignment(Qt::AlignLeft | Qt::AlignTop);
    outer->addLayout(form);
    outer->addStretch(1);
    return form;
}

FieldMessage *WizardPage::bind(const QString &prefix, QWidget *field)
{
    auto *message = new FieldMessage(field, m_body);
    message->hideUntilTouched();
    connect(message, &FieldMessage::revealedChanged, this, &WizardPage::updateSummary);
    m_bindings.append({prefix, message});
    return message;
}

FieldMessage *WizardPage::addRow(QFormLayout *form, const QString &label, QWidget *field,
                                 const QString &prefix, QWidget *fieldWidget)
{
    auto *labelWidget = new QLabel(label, m_body);
    QWidget *target = fieldWidget ? fieldWidget : field;
    labelWidget->setBuddy(target);
    // Screen readers take a name from a buddy label only next to the field; a field inside a
    // row widget (with a Browse or Suggest button) gets the label's words as its name.
    if (target->accessibleName().isEmpty()) {
        QString name = label;
        name.remove(QRegularExpression(QStringLiteral("&(?!&)")));
        while (name.endsWith(QLatin1Char(':')))
            name.chop(1);
        target->setAccessibleName(name.trimmed());
    }
    // The message sits right under the field, in one cell with it (a word-wrapped label gets
    // its height for the cell's width there, without gaps around it).
    auto *cell = new QWidget(m_body);
    auto *cellLayout = new QVBoxLayout(cell);
    cellLayout->setContentsMargins(0, 0, 0, 0);
    cellLayout->setSpacing(2);
    cellLayout->addWidget(field);
    FieldMessage *message = bind(prefix, fieldWidget ? fieldWidget : field);
    cellLayout->addWidget(message);
    form->addRow(labelWidget, cell);
    return message;
}

void WizardPage::clearDiagnostics()
{
    for (const Binding &b : std::as_const(m_bindings))
        b.message->clear();
    m_shown.clear();
}

void WizardPage::addDiagnostic(const jobspec::Diagnostic &diagnostic, FieldMessage *message)
{
    if (message)
        message->add(diagnostic);
    m_shown.append({diagnostic, message});
}

void WizardPage::revealAll()
{
    for (const Binding &b : std::as_const(m_bindings))
        b.message->reveal();
}

void WizardPage::applyDiagnostics()
{
    for (const Binding &b : std::as_const(m_bindings))
        b.message->apply();
    const int errors = int(std::count_if(m_shown.cbegin(), m_shown.cend(),
                                         [](const Shown &s) { return s.diagnostic.isError(); }));
    const bool changed = errors != m_errorCount;
    m_errorCount = errors;
    updateSummary();
    diagnosticsApplied();
    if (changed)
        Q_EMIT completeChanged();
}

void WizardPage::updateSummary()
{
    const QString summary = summaryText();
    m_summary->setText(summary);
    m_summary->setVisible(!summary.isEmpty());
    QPalette p = m_summary->palette();
    p.setColor(QPalette::WindowText, summary.isEmpty() || m_errorCount == 0
                                         ? palette().color(QPalette::WindowText)
                                         : errorColor(palette()));
    m_summary->setPalette(p);
    m_summary->setAccessibleDescription(summary);
}

QString WizardPage::summaryText() const
{
    int errors = 0;
    QStringList lines;
    for (const Shown &s : m_shown) {
        // A field's problem is listed once the field shows it.
        if (s.message && !s.message->isRevealed())
            continue;
        const jobspec::Diagnostic &d = s.diagnostic;
        if (d.isError())
            ++errors;
        lines.append(d.isError() ? tr("• Error in %1: %2").arg(d.field, d.message)
                                 : tr("• Warning for %1: %2").arg(d.field, d.message));
    }
    if (lines.isEmpty())
        return {};
    const int warnings = int(lines.size()) - errors;
    QString head;
    if (errors > 0)
        head = tr("Fix %n error(s) on this page to continue:", nullptr, errors);
    else
        head = tr("%n warning(s) on this page (you can continue):", nullptr, warnings);
    return head + QLatin1Char('\n') + lines.join(QLatin1Char('\n'));
}

bool WizardPage::isComplete() const
{
    return m_errorCount == 0;
}

} // namespace trainyard::ui::wizard
