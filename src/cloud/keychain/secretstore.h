// SPDX-License-Identifier: MIT
// Named secrets for trainers (storage keys, tracking tokens, model-hub tokens).
//
// Values live ONLY in the system keychain, through QtKeychain: one entry per secret, all under
// one service name (secrets::ServiceName), the secret's name as the entry's key. QtKeychain
// cannot enumerate entries, so the NAMES (never the values) are also kept in a small text file
// under the config directory (namesFile(): one name per line, sorted, written atomically), which
// Settings > Secrets and `trainyard secrets list` show.
//
// The API is asynchronous: each call starts QtKeychain jobs and reports through one of the
// *Finished signals, emitted later from the event loop (never from inside the call). Nothing here
// blocks or runs a nested event loop; the GUI uses it as is. For processes without a GUI see
// secretsync.h.
//
// Threads: QtKeychain 0.13 queues every job in one process-wide executor that is not
// thread-safe, so a process must use SecretStore (and secretsync.h) from ONE thread only.
//
// Errors: a keychain failure carries QtKeychain's error code, a message in plain words of what
// happened and what to do (keychainerror.h), and QtKeychain's own errorString() as detail, e.g.
// without a secret service: code 7 (OtherError), "No secret service is running ...", detail
// "The name org.freedesktop.secrets was not provided by any .service files".
#pragma once

#include "secrets/masker.h" // MinimumMaskedLength

#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>

namespace trainyard::secrets {

// The one QtKeychain service name of the application (the desktop file's ID).
inline constexpr char ServiceName[] = "io.github.trainyard.Trainyard";

struct SecretResult
{
    enum class Status {
        Ok,
        NotFound,      // no such entry in the keychain
        InvalidName,   // the name breaks isValidName()
        EmptyValue,    // refusing to store an empty value
        AlreadyExists, // rename target is already a known secret
        NamesFile,     // the names file cannot be written
        Keychain,      // any other keychain failure (see keychainError, errorString)
        WrongThread,   // a blocking call on the GUI thread (secretsync.h)
    };
    Status status = Status::Ok;
    int keychainError = 0;  // QKeychain::Error (0 NoError, 1 EntryNotFound, ... 7 OtherError)
    QString errorString;    // for the user: what happened and what to do
    QString keychainDetail; // keychain failures: QtKeychain's own text, for a bug report

    explicit operator bool() const { return status == Status::Ok; }
};

class SecretStore : public QObject
{
    Q_OBJECT

public:
    // Uses defaultNamesFile().
    explicit SecretStore(QObject *parent = nullptr);
    // Uses the given names file (tests, a custom config directory).
    explicit SecretStore(const QString &namesFile, QObject *parent = nullptr);
    ~SecretStore() override;

    // <AppConfigLocation>/secret-names (with the app's identity: ~/.config/Trainyard/trainyard/).
    static QString defaultNamesFile();
    QString namesFile() const { return m_namesFile; }

    // 1-64 characters of A-Z a-z 0-9 . _ - (so a name is safe in YAML, file and command line).
    static bool isValidName(const QString &name);
    // A sentence explaining the rule above, for error messages.
    static QString nameRule();
    // The message callers show when a value is too short to be masked in logs.
    static QString shortValueWarning(const QString &name);

    // The known names, sorted. Read from the names file on each call (the CLI may have
    // changed it). A missing file is an empty list.
    QStringList names() const;

    // Each starts keychain jobs and returns at once; exactly one signal follows.
    void read(const QString &name);
    void write(const QString &name, const QString &value); // creates or replaces
    void remove(const QString &name);
    // read old + write new + delete old; refuses a newName that is already a known secret.
    void rename(const QString &oldName, const QString &newName);

    // Operations started and not yet finished.
    int pendingOperations() const { return m_pending; }

Q_SIGNALS:
    void readFinished(const QString &name, const trainyard::secrets::SecretResult &result,
                      const QString &value);
    void writeFinished(const QString &name, const trainyard::secrets::SecretResult &result);
    void removeFinished(const QString &name, const trainyard::secrets::SecretResult &result);
    void renameFinished(const QString &oldName, const QString &newName,
                        const trainyard::secrets::SecretResult &result);
    // The names file changed through this object.
    void namesChanged();

private:
    // Keychain primitives: run `done` with the result (and value) from the event loop.
    template<typename Done>
    void readEntry(const QString &name, Done done);
    template<typename Done>
    void writeEntry(const QString &name, const QString &value, Done done);
    template<typename Done>
    void deleteEntry(const QString &name, Done done);

    SecretResult addName(const QString &name);
    SecretResult removeName(const QString &name);
    SecretResult writeNames(QStringList names);
    // Reports `result` through a queued call, so no signal is ever emitted inside read() & co.
    template<typename Emit>
    void finishLater(Emit emitSignal);

    QString m_namesFile;
    int m_pending = 0;
};

} // namespace trainyard::secrets

Q_DECLARE_METATYPE(trainyard::secrets::SecretResult)
