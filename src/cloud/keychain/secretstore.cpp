// SPDX-License-Identifier: MIT
#include "cloud/keychain/secretstore.h"

#include "cloud/keychain/keychainerror.h"
#include "store/atomicwrite.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTimer>
#include <qt6keychain/keychain.h>

namespace trainyard::secrets {

namespace {

using Status = SecretResult::Status;

QString service()
{
    return QString::fromLatin1(ServiceName);
}

SecretResult failure(Status status, const QString &message)
{
    SecretResult result;
    result.status = status;
    result.errorString = message;
    return result;
}

// The result of a finished QtKeychain job: the keychain's text becomes the detail, the message
// says in plain words what happened and what to do.
SecretResult fromJob(const QKeychain::Job *job, const QString &name)
{
    SecretResult result;
    const QKeychain::Error error = job->error();
    result.keychainError = int(error);
    if (error == QKeychain::NoError)
        return result;
    if (error == QKeychain::EntryNotFound) {
        result.status = Status::NotFound;
        result.errorString = SecretStore::tr("The secret \"%1\" is not in the keychain.").arg(name);
        return result;
    }
    result.status = Status::Keychain;
    result.keychainDetail = job->errorString();
    result.errorString = explainKeychainError(int(error), result.keychainDetail);
    return result;
}

QStringList parseNames(const QByteArray &data)
{
    QStringList names;
    const QList<QByteArray> lines = data.split('\n');
    for (const QByteArray &line : lines) {
        const QString name = QString::fromUtf8(line.trimmed());
        if (SecretStore::isValidName(name) && !names.contains(name))
            names.append(name);
    }
    names.sort();
    return names;
}

} // namespace

SecretStore::SecretStore(QObject *parent)
    : SecretStore(defaultNamesFile(), parent)
{}

SecretStore::SecretStore(const QString &namesFile, QObject *parent)
    : QObject(parent)
    , m_namesFile(namesFile)
{
    qRegisterMetaType<SecretResult>();
}

SecretStore::~SecretStore() = default;

QString SecretStore::defaultNamesFile()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) +
           QStringLiteral("/secret-names");
}

bool SecretStore::isValidName(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9._-]{1,64}$"));
    return pattern.match(name).hasMatch();
}

QString SecretStore::nameRule()
{
    return tr("A secret's name has 1 to 64 characters: letters A-Z and a-z, digits, '.', '_' "
              "and '-'.");
}

QString SecretStore::shortValueWarning(const QString &name)
{
    return tr("The value of the secret \"%1\" is shorter than %2 bytes: it is stored, but it "
              "will not be masked in logs.")
        .arg(name)
        .arg(MinimumMaskedLength);
}

QStringList SecretStore::names() const
{
    QFile file(m_namesFile);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return parseNames(file.readAll());
}

SecretResult SecretStore::writeNames(QStringList list)
{
    list.removeDuplicates();
    list.sort();
    QDir().mkpath(QFileInfo(m_namesFile).absolutePath());
    QByteArray data;
    for (const QString &name : std::as_const(list))
        data += name.toUtf8() + '\n';
    // Checked and atomic: a full disk never leaves an empty list behind.
    if (const store::WriteResult written = store::writeFileAtomically(m_namesFile, data, 0600);
        !written) {
        return failure(Status::NamesFile,
                       tr("The list of secret names %1 cannot be written: %2")
                           .arg(QDir::toNativeSeparators(m_namesFile), written.errorMessage));
    }
    Q_EMIT namesChanged();
    return {};
}

SecretResult SecretStore::addName(const QString &name)
{
    QStringList list = names();
    if (list.contains(name))
        return {};
    list.append(name);
    return writeNames(list);
}

SecretResult SecretStore::removeName(const QString &name)
{
    QStringList list = names();
    if (!list.removeAll(name))
        return {};
    return writeNames(list);
}

template<typename Emit>
void SecretStore::finishLater(Emit emitSignal)
{
    QTimer::singleShot(0, this, [this, emitSignal] {
        --m_pending;
        emitSignal();
    });
}

// Jobs have no parent and delete themselves when finished: QtKeychain's libsecret backend
// keeps a raw pointer to a running job, so a job must never be deleted before it finishes.
// The connection's context (this) drops the result if the store is gone by then.
template<typename Done>
void SecretStore::readEntry(const QString &name, Done done)
{
    auto *job = new QKeychain::ReadPasswordJob(service());
    job->setAutoDelete(true);
    job->setKey(name);
    connect(job, &QKeychain::Job::finished, this, [name, done](QKeychain::Job *finished) {
        const auto *read = static_cast<const QKeychain::ReadPasswordJob *>(finished);
        const SecretResult result = fromJob(finished, name);
        done(result, result ? read->textData() : QString());
    });
    job->start();
}

template<typename Done>
void SecretStore::writeEntry(const QString &name, const QString &value, Done done)
{
    auto *job = new QKeychain::WritePasswordJob(service());
    job->setAutoDelete(true);
    job->setKey(name);
    job->setTextData(value);
    connect(job, &QKeychain::Job::finished, this,
            [name, done](QKeychain::Job *finished) { done(fromJob(finished, name)); });
    job->start();
}

template<typename Done>
void SecretStore::deleteEntry(const QString &name, Done done)
{
    auto *job = new QKeychain::DeletePasswordJob(service());
    job->setAutoDelete(true);
    job->setKey(name);
    connect(job, &QKeychain::Job::finished, this,
            [name, done](QKeychain::Job *finished) { done(fromJob(finished, name)); });
    job->start();
}

void SecretStore::read(const QString &name)
{
    ++m_pending;
    if (!isValidName(name)) {
        const SecretResult bad = failure(Status::InvalidName, nameRule());
        finishLater([this, name, bad] { Q_EMIT readFinished(name, bad, QString()); });
        return;
    }
    readEntry(name, [this, name](const SecretResult &result, const QString &value) {
        --m_pending;
        Q_EMIT readFinished(name, result, value);
    });
}

void SecretStore::write(const QString &name, const QString &value)
{
    ++m_pending;
    SecretResult check;
    if (!isValidName(name))
        check = failure(Status::InvalidName, nameRule());
    else if (value.isEmpty())
        check = failure(Status::EmptyValue, tr("The secret \"%1\" needs a value.").arg(name));
    if (!check) {
        finishLater([this, name, check] { Q_EMIT writeFinished(name, check); });
        return;
    }
    writeEntry(name, value, [this, name](SecretResult result) {
        if (result)
            result = addName(name);
        --m_pending;
        Q_EMIT writeFinished(name, result);
    });
}

void SecretStore::remove(const QString &name)
{
    ++m_pending;
    if (!isValidName(name)) {
        const SecretResult bad = failure(Status::InvalidName, nameRule());
        finishLater([this, name, bad] { Q_EMIT removeFinished(name, bad); });
        return;
    }
    // Deleting an absent entry succeeds silently in libsecret, so look first: removing a name
    // that exists nowhere (a typo) is reported as NotFound.
    readEntry(name, [this, name](const SecretResult &found, const QString &) {
        if (found.status == Status::NotFound) {
            const bool listed = names().contains(name);
            const SecretResult result = listed ? removeName(name) : found;
            --m_pending;
            Q_EMIT removeFinished(name, result);
            return;
        }
        if (!found) {
            --m_pending;
            Q_EMIT removeFinished(name, found);
            return;
        }
        deleteEntry(name, [this, name](SecretResult result) {
            if (result)
                result = removeName(name);
            --m_pending;
            Q_EMIT removeFinished(name, result);
        });
    });
}

void SecretStore::rename(const QString &oldName, const QString &newName)
{
    ++m_pending;
    SecretResult check;
    if (!isValidName(oldName) || !isValidName(newName))
        check = failure(Status::InvalidName, nameRule());
    else if (oldName == newName || names().contains(newName))
        check = failure(Status::AlreadyExists,
                        tr("A secret named \"%1\" already exists.").arg(newName));
    if (!check) {
        finishLater(
            [this, oldName, newName, check] { Q_EMIT renameFinished(oldName, newName, check); });
        return;
    }
    auto finish = [this, oldName, newName](const SecretResult &result) {
        --m_pending;
        Q_EMIT renameFinished(oldName, newName, result);
    };
    readEntry(oldName, [this, oldName, newName, finish](const SecretResult &read,
                                                        const QString &value) {
        if (!read)
            return finish(read);
        writeEntry(newName, value, [this, oldName, newName, finish](const SecretResult &written) {
            if (!written)
                return finish(written);
            if (const SecretResult added = addName(newName); !added)
                return finish(added);
            deleteEntry(oldName, [this, oldName, finish](SecretResult deleted) {
                // If the old entry stays, so does its name: the list never hides a value.
                if (deleted)
                    deleted = removeName(oldName);
                finish(deleted);
            });
        });
    });
}

} // namespace trainyard::secrets
