// SPDX-License-Identifier: MIT
#include "cloud/keychain/keychainerror.h"

#include <QCoreApplication>

namespace trainyard::secrets {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("trainyard::secrets", text);
}

bool has(const QString &text, const char *part)
{
    return text.contains(QLatin1String(part), Qt::CaseInsensitive);
}

} // namespace

KeychainProblem classifyKeychainError(int keychainError, const QString &raw)
{
    // QKeychain::Error: 3 AccessDeniedByUser, 4 AccessDenied (libsecret: "is locked"),
    // 5 NoBackendAvailable; the libsecret backend reports D-Bus failures as 7 OtherError.
    if (keychainError == 5)
        return KeychainProblem::NoBackend;
    if (keychainError == 3 || has(raw, "cancel") || has(raw, "dismiss"))
        return KeychainProblem::Cancelled;
    if (has(raw, "org.freedesktop.secrets") &&
        (has(raw, "not provided by any") || has(raw, "ServiceUnknown") ||
         has(raw, "not activatable") || has(raw, "was not found")))
        return KeychainProblem::NoService;
    if (has(raw, "ServiceUnknown") || has(raw, "Could not connect") ||
        has(raw, "Cannot autolaunch") || has(raw, "no D-Bus"))
        return KeychainProblem::NoService;
    // gnome-keyring without a default ("login") keyring, or one it cannot open without a
    // prompt: "Object does not exist at path /org/freedesktop/secrets/collection/login".
    if (keychainError == 4 || has(raw, "locked") ||
        (has(raw, "does not exist") && has(raw, "/org/freedesktop/secrets/")) ||
        has(raw, "No such secret collection") || has(raw, "no default"))
        return KeychainProblem::Locked;
    if (has(raw, "Timeout") || has(raw, "Did not receive a reply") || has(raw, "NoReply"))
        return KeychainProblem::NoAnswer;
    if (has(raw, "AccessDenied") || has(raw, "denied") || has(raw, "not allowed") ||
        has(raw, "Rejected send"))
        return KeychainProblem::Denied;
    return KeychainProblem::Other;
}

QString explainKeychainError(int keychainError, const QString &raw)
{
    switch (classifyKeychainError(keychainError, raw)) {
    case KeychainProblem::NoService:
        return tr("No secret service is running in this desktop session, so the keychain cannot "
                  "be reached. Start one (GNOME Keyring, KWallet or KeePassXC with its Secret "
                  "Service option; on Debian: apt install gnome-keyring, then log in again) and "
                  "try again.");
    case KeychainProblem::Locked:
        return tr("The keyring is locked, or no default keyring has been set up yet. Unlock it "
                  "or create one (GNOME: the Passwords and Keys application, Seahorse; KDE: "
                  "KWallet Manager), then try again.");
    case KeychainProblem::Cancelled:
        return tr("The keyring was not unlocked: its password prompt was cancelled or access was "
                  "refused. Try again and unlock the keyring when asked.");
    case KeychainProblem::Denied:
        return tr("The secret service refused access. Check that it lets Trainyard use the "
                  "keyring (some password managers ask to confirm each application), then try "
                  "again.");
    case KeychainProblem::NoAnswer:
        return tr("The secret service did not answer in time; it may be waiting for a prompt "
                  "that cannot be shown. Unlock the keyring in your desktop session, then try "
                  "again.");
    case KeychainProblem::NoBackend:
        return tr("This system has no keychain Trainyard can use. Install and start a secret "
                  "service (GNOME Keyring, KWallet or KeePassXC), then try again.");
    case KeychainProblem::Other:
        break;
    }
    return raw.isEmpty() ? tr("The keychain reported error %1.").arg(keychainError)
                         : tr("The keychain reported an error: %1").arg(raw);
}

} // namespace trainyard::secrets
