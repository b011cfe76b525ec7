// SPDX-License-Identifier: MIT
// Whether the system keychain can be reached at all, asked before a `trainyard secrets` command
// does anything: without a D-Bus session bus (a server, a container, ssh without a session) or
// without a secret service on it, every subcommand fails with one clear message instead of a
// raw D-Bus error (or a silent, empty list).
#pragma once

#include <QString>

namespace trainyard::secrets {

// Empty when $DBUS_SESSION_BUS_ADDRESS (or $XDG_RUNTIME_DIR/bus, libdbus's default) names a bus
// that accepts a connection; else why not. Only unix: addresses can be checked; others count
// as reachable.
QString sessionBusProblem();

// Empty when the keychain answers (a look-up of an entry that does not exist reports "not
// found"); else a message for the user naming the reason and what to do, with the keychain's
// own text in *detail (empty for a missing bus). Blocks: not for the GUI thread.
QString secretServiceProblem(QString *detail = nullptr);

} // namespace trainyard::secrets
