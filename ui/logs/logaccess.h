// SPDX-License-Identifier: MIT
// The log view for assistive technology: a Table (QAccessibleTableInterface) whose rows are the
// log's lines and whose columns are the view's (time when shown, replica, severity, message),
// each cell a Cell named by its text, with its column header. Cells are made on demand for the
// rows a reader asks about (a log has millions), positions rather than copies: a cell reads its
// row's text when asked. The current row's message cell is the table's focus child; the view
// sends a Focus event for it when the current row moves, so a screen reader reads the line.
#pragma once

namespace trainyard::ui::logs {

// Installs the interface (once; the view's constructor calls it).
void installLogViewAccessibility();

} // namespace trainyard::ui::logs
