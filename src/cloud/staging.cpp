// SPDX-License-Identifier: MIT
#include "cloud/staging.h"

#include "cloud/vertexclient.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QUrlQuery>

namespace trainyard::cloud {
namespace {

class Staging
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::Staging)
};

constexpr qint64 chunkSize = 1024 * 1024; // a multiple of 256 KiB, as the API requires
constexpr int maxResumes = 5;

ApiResult callSync(ApiClient *api, const ApiClient::Request &request)
{
    QEventLoop loop;
    QObject context;
    ApiResult result;
    bool done = false;
    api->send(request, &context, [&](const ApiResult &r) {
        result = r;
        done = true;
        loop.quit();
    });
    if (!done)
        loop.exec();
    return result;
}

// "bytes=0-N" → N + 1; none → 0.
qint64 committedBytes(const QByteArray &range)
{
    const qsizetype dash = range.lastIndexOf('-');
    return dash < 0 ? 0 : range.mid(dash + 1).toLongLong() + 1;
}

bool copyTree(const QString &from, const QString &to)
{
    QDir().mkpath(to);
    QDirIterator it(from, QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString target = to + QLatin1Char('/') + QDir(from).relativeFilePath(path);
        if (it.fileInfo().isDir()) {
            QDir().mkpath(target);
        } else if (!path.contains(QLatin1String("__pycache__")) && !QFile::copy(path, target)) {
            return false;
        }
    }
    return true;
}

} // namespace

QString fileHash(const QString &file, QString *error)
{
    QFile in(file);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!in.open(QIODevice::ReadOnly) || !hash.addData(&in)) {
        *error = Staging::tr("%1: %2").arg(file, in.errorString());
        return {};
    }
    return QString::fromLatin1(hash.result().toHex());
}

QString buildSdist(const QString &packageDir, const QString &outDir, const QString &python,
                   QString *error)
{
    const QFileInfo dir(packageDir);
    if (!dir.isDir() || !QFileInfo::exists(packageDir + QStringLiteral("/__init__.py"))) {
        *error = Staging::tr("%1: a package directory needs an __init__.py").arg(packageDir);
        return {};
    }
    const QString name = dir.fileName();
    QString workDir = dir.absolutePath(); // the parent, with its setup.py when it has one
    QTemporaryDir temp;
    if (!QFileInfo::exists(workDir + QStringLiteral("/setup.py"))) {
        // gcloud's fallback: a setup.py of its own, next to a copy of the package.
        workDir = temp.path();
        if (!copyTree(dir.absoluteFilePath(), workDir + QLatin1Char('/') + name)) {
            *error = Staging::tr("%1: cannot copy the package").arg(packageDir);
            return {};
        }
        QFile setup(workDir + QStringLiteral("/setup.py"));
        if (!setup.open(QIODevice::WriteOnly)) {
            *error = setup.errorString();
            return {};
        }
        setup.write("from setuptools import find_packages, setup\n\nsetup(name='" + name.toUtf8() +
                    "', packages=find_packages(include=['" + name.toUtf8() + "']))\n");
    }
    QProcess p;
    p.setWorkingDirectory(workDir);
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(python, {QStringLiteral("setup.py"), QStringLiteral("sdist"),
                     QStringLiteral("--dist-dir"), outDir});
    if (!p.waitForFinished(300000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        *error = Staging::tr("%1 setup.py sdist failed in %2:\n%3")
                     .arg(python, workDir, QString::fromUtf8(p.readAll().right(2000)));
        return {};
    }
    const QStringList built =
        QDir(outDir).entryList({QStringLiteral("*.tar.gz")}, QDir::Files, QDir::Time);
    if (built.isEmpty()) {
        *error = Staging::tr("setup.py sdist made no archive in %1").arg(outDir);
        return {};
    }
    return outDir + QLatin1Char('/') + built.constFirst();
}

bool normaliseSdist(const QString &archive, const QString &python, QString *error)
{
    // Members in name order, a fixed time stamp (2000-01-01: wheels built from the sdist need
    // one after 1980), no owner names, and a gzip header without name or time.
    static const QString script = QStringLiteral(
        "import gzip, os, sys, tarfile\n"
        "src = sys.argv[1]\n"
        "tmp = src + '.normalised'\n"
        "with tarfile.open(src, 'r:gz') as t:\n"
        "    members = sorted(t.getmembers(), key=lambda m: m.name)\n"
        "    with open(tmp, 'wb') as raw:\n"
        "        with gzip.GzipFile(filename='', mode='wb', fileobj=raw, mtime=0) as gz:\n"
        "            with tarfile.open(fileobj=gz, mode='w', format=t.format) as out:\n"
        "                for m in members:\n"
        "                    data = t.extractfile(m) if m.isfile() else None\n"
        "                    m.mtime = 946684800\n"
        "                    m.uid = m.gid = 0\n"
        "                    m.uname = m.gname = ''\n"
        "                    m.pax_headers = {}\n"
        "                    out.addfile(m, data)\n"
        "os.replace(tmp, src)\n");
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(python, {QStringLiteral("-c"), script, archive});
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        *error = Staging::tr("%1: cannot make the archive reproducible:\n%2")
                     .arg(archive, QString::fromUtf8(p.readAll().right(2000)));
        return false;
    }
    return true;
}

StagedFile uploadFile(ApiClient *api, const QString &file, const QString &bucket,
                      const QString &object, const std::function<void(qint64, qint64)> &progress)
{
    StagedFile staged;
    staged.uri = QStringLiteral("gs://%1/%2").arg(bucket, object);
    const QUrl root = storageRoot();
    // Already there (the same content hash): nothing to upload.
    ApiClient::Request head;
    // The object name is one path segment: its '/' are percent-encoded.
    head.url =
        QUrl::fromEncoded(root.toEncoded() + "storage/v1/b/" + QUrl::toPercentEncoding(bucket) +
                          "/o/" + QUrl::toPercentEncoding(object));
    head.what = Staging::tr("look for %1").arg(staged.uri);
    const ApiResult existing = callSync(api, head);
    if (existing)
        return staged;
    if (existing.httpStatus != 404) {
        staged.errorMessage = existing.errorMessage;
        return staged;
    }
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly)) {
        staged.errorMessage = Staging::tr("%1: %2").arg(file, in.errorString());
        return staged;
    }
    const qint64 total = in.size();
    ApiClient::Request start;
    start.verb = "POST";
    start.url = root;
    start.url.setPath(root.path() + QStringLiteral("upload/storage/v1/b/%1/o").arg(bucket));
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("uploadType"), QStringLiteral("resumable"));
    query.addQueryItem(QStringLiteral("name"), object);
    start.url.setQuery(query);
    start.body = QJsonDocument(QJsonObject{{QStringLiteral("name"), object},
                                           {QStringLiteral("contentType"),
                                            QStringLiteral("application/gzip")}})
                     .toJson(QJsonDocument::Compact);
    start.headers = {{"X-Upload-Content-Type", "application/gzip"},
                     {"X-Upload-Content-Length", QByteArray::number(total)}};
    start.what = Staging::tr("start the upload of %1").arg(staged.uri);
    start.expectJson = false; // the session is in the Location header
    const ApiResult session = callSync(api, start);
    if (!session || session.rawHeaderLocation.isEmpty()) {
        staged.errorMessage = session.errorMessage.isEmpty()
                                  ? Staging::tr("no upload session for %1").arg(staged.uri)
                                  : session.errorMessage;
        return staged;
    }
    const QUrl sessionUrl(QString::fromUtf8(session.rawHeaderLocation));
    qint64 offset = 0;
    int resumes = 0;
    while (true) {
        ApiClient::Request put;
        put.verb = "PUT";
        put.url = sessionUrl;
        put.accept308 = true;
        put.retry = false;
        put.contentType = "application/gzip";
        put.what = Staging::tr("upload %1").arg(staged.uri);
        in.seek(offset);
        put.body = in.read(chunkSize);
        const qint64 end = offset + put.body.size() - 1;
        put.headers = {{"Content-Range", "bytes " + QByteArray::number(offset) + '-' +
                                             QByteArray::number(end) + '/' +
                                             QByteArray::number(total)}};
        const ApiResult r = callSync(api, put);
        if (r && r.httpStatus != 308) {
            progress(total, total);
            staged.uploaded = true;
            return staged;
        }
        if (r) { // 308: the server has bytes 0..N
            offset = committedBytes(r.rawHeaderRange);
            progress(offset, total);
            continue;
        }
        if (r.httpStatus != 0 || ++resumes > maxResumes) {
            staged.errorMessage = r.errorMessage;
            return staged;
        }
        // The connection dropped: ask what arrived, then go on from there.
        ApiClient::Request status;
        status.verb = "PUT";
        status.url = sessionUrl;
        status.accept308 = true;
        status.headers = {{"Content-Range", "bytes */" + QByteArray::number(total)}};
        status.what = put.what;
        const ApiResult s = callSync(api, status);
        if (!s) {
            staged.errorMessage = s.errorMessage;
            return staged;
        }
        if (s.httpStatus != 308) {
            progress(total, total);
            staged.uploaded = true;
            return staged;
        }
        offset = committedBytes(s.rawHeaderRange);
        progress(offset, total);
    }
}

} // namespace trainyard::cloud
