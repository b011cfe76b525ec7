// SPDX-License-Identifier: MIT
#include "wizard/fieldmessage.h"

#include <QEvent>

namespace trainyard::ui::wizard {

namespace {

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightnessF() < 0.5;
}

// A hue of the palette's own lightness family: dark text on light windows, light on dark.
QColor problemColor(const QPalette &palette, float hue)
{
    return QColor::fromHslF(hue, 0.75f, isDark(palette) ? 0.72f : 0.36f);
}

} // namespace

QColor errorColor(const QPalette &palette)
{
    return problemColor(palette, 0.0f);
}

QColor warningColor(const QPalette &palette)
{
    return problemColor(palette, 30.0f / 360.0f);
}

FieldMessage::FieldMessage(QWidget *field, QWidget *parent)
    : QLabel(parent)
    , m_field(field)
{
    setTextFormat(Qt::PlainText);
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setAlignment(Qt::AlignLeft | Qt::AlignTop);
    if (field) {
        m_fieldToolTip = field->toolTip();
        field->installEventFilter(this);
    }
    hide();
}

void FieldMessage::reveal()
{
    if (m_revealed)
        return;
    m_revealed = true;
    apply();
    Q_EMIT revealedChanged();
}

bool FieldMessage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_field && !m_revealed &&
        (event->type() == QEvent::KeyPress || event->type() == QEvent::FocusOut)) {
        // After the event: the keystroke's edit validates first.
        QMetaObject::invokeMethod(this, &FieldMessage::reveal, Qt::QueuedConnection);
    }
    return QLabel::eventFilter(watched, event);
}

void FieldMessage::clear()
{
    m_lines.clear();
    m_errors = 0;
}

void FieldMessage::add(const jobspec::Diagnostic &diagnostic)
{
    if (diagnostic.isError()) {
        ++m_errors;
        m_lines.append(tr("Error: %1").arg(diagnostic.message));
    } else {
        m_lines.append(tr("Warning: %1").arg(diagnostic.message));
    }
}

void FieldMessage::apply()
{
    const QString joined = isRevealed() ? m_lines.join(QLatin1Char('\n')) : QString();
    if (joined != text())
        setText(joined);
    setVisible(!joined.isEmpty());
    updateColor();
    if (m_field) {
        m_field->setAccessibleDescription(joined);
        if (joined.isEmpty())
            m_field->setToolTip(m_fieldToolTip);
        else if (m_fieldToolTip.isEmpty())
            m_field->setToolTip(joined);
        else
            m_field->setToolTip(m_fieldToolTip + QLatin1String("\n\n") + joined);
    }
}

void FieldMessage::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        updateColor();
}

void FieldMessage::updateColor()
{
    const QColor wanted = m_errors > 0 ? errorColor(palette()) : warningColor(palette());
    if (palette().color(QPalette::WindowText) == wanted)
        return;
    QPalette p = palette();
    p.setColor(QPalette::WindowText, wanted);
    setPalette(p);
}

} // namespace trainyard::ui::wizard
