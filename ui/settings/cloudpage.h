// SPDX-License-Identifier: MIT
// Settings > Google Cloud: which Application Default Credentials the console found (the file,
// its type, the account; never a secret), or how to get some (`gcloud auth application-default
// login`), and the project and region used for Vertex AI (QSettings cloud/project,
// cloud/region, shared with the wizard's "Submit to Vertex AI…"). "Test connection" lists the
// custom jobs of that project and region asynchronously (nothing waits on the GUI thread) and
// shows their count, or the error as the cloud client words it.
#pragma once

#include <QWidget>
#include <memory>

class QLabel;
class QLineEdit;
class QPushButton;

namespace trainyard::cloud {
class ApiClient;
class VertexClient;
} // namespace trainyard::cloud

namespace trainyard::ui {

class CloudPage : public QWidget
{
    Q_OBJECT

public:
    explicit CloudPage(QWidget *parent = nullptr);
    ~CloudPage() override;

    // Looks for credentials again and shows what was found.
    void reload();
    // Starts a connection test (as the button does).
    void testConnection();

Q_SIGNALS:
    // A connection test ended; the result is shown in testResult.
    void connectionTested(bool ok);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void save();
    void updateTestButton();

    QLabel *m_credentialsStatus;
    QPushButton *m_reloadButton;
    QLineEdit *m_projectEdit;
    QLineEdit *m_regionEdit;
    QPushButton *m_testButton;
    QLabel *m_testResult;
    std::unique_ptr<cloud::ApiClient> m_api;
    std::unique_ptr<cloud::VertexClient> m_vertex;
    std::unique_ptr<QObject> m_testContext; // replaced per test: older answers are dropped
    bool m_haveCredentials = false;
    bool m_loading = false;
};

} // namespace trainyard::ui
