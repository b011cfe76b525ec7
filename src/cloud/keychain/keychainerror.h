// SPDX-License-Identifier: MIT
// What a keychain failure means for the user. QtKeychain reports a code and the secret
// service's own text ("The name org.freedesktop.secrets was not provided by any .service files",
// "Object does not exist at path .../collection/login"): neither says what happened or what to
// do. explainKeychainError() turns both into a sentence of each; the raw text stays available
// as detail (SecretResult::keychainDetail) for a bug report.
#pragma once

#include <QString>

namespace trainyard::secrets {

enum class KeychainProblem {
    NoService, // no secret service runs on the session bus (nothing answers the name)
    Locked,    // the keyring is locked, or no default keyring exists yet
    Cancelled, // the unlock prompt was dismissed, or the user denied access
    Denied,    // the secret service or the bus refused access for another reason
    NoAnswer,  // the secret service did not answer in time
    NoBackend, // no keychain backend at all on this system
    Other,
};

// keychainError: QKeychain::Error as an int; raw: QtKeychain's errorString().
KeychainProblem classifyKeychainError(int keychainError, const QString &raw);

// "What happened. What to do." in plain words; for Other, the raw text is quoted.
QString explainKeychainError(int keychainError, const QString &raw);

} // namespace trainyard::secrets
