// SPDX-License-Identifier: MIT
// Drop-downs named by what they choose. Qt 6.4 gives a QComboBox on Linux its current text as
// accessible name ("BASIC", "None"), whatever accessibleName or buddy label it has, so a screen
// reader announces the value twice and never the question. This interface names it as every
// other widget is named (accessibleName, else its label) and reports the current text as its
// value; the list stays its child and "show menu" opens it.
#pragma once

namespace trainyard::ui {

// Registers the interface for QComboBox. Call after the QApplication is created: the factory
// installed last is asked first, and QtWidgets installs its own with the application object.
void installAccessibleComboBox();

} // namespace trainyard::ui
