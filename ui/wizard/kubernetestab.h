// SPDX-License-Identifier: MIT
// Review > Kubernetes: the job as a Kubeflow manifest for `kubectl apply -f`, a Trainer v2
// TrainJob by default or, on a switch, a legacy Training Operator v1 TFJob or PyTorchJob, with
// the image, namespace and Trainer version the export takes and its warnings and errors beside
// it. The export (which reads the package folder to tell the framework) runs off the GUI thread.
#pragma once

#include "catalog/catalog.h"
#include "jobspec/job.h"

#include <QFutureWatcher>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace trainyard::ui::wizard {

class KubernetesTab : public QWidget
{
    Q_OBJECT

public:
    explicit KubernetesTab(const catalog::Catalog &catalog, QWidget *parent = nullptr);
    ~KubernetesTab() override;

    // Exports `job` again with the tab's current choices.
    void setJob(const jobspec::Job &job);

    QComboBox *kindBox() const { return m_kind; }
    QLineEdit *imageEdit() const { return m_image; }
    QLineEdit *namespaceEdit() const { return m_namespace; }
    QComboBox *versionBox() const { return m_version; }
    QPlainTextEdit *manifestView() const { return m_manifest; }
    QLabel *notesLabel() const { return m_notes; }

Q_SIGNALS:
    // The manifest and notes for the current choices are shown.
    void updated();

private:
    struct Result
    {
        QString manifest;
        QString notes;
        bool refused = false;
    };
    void refresh();
    void display(const Result &result);

    const catalog::Catalog &m_catalog;
    jobspec::Job m_job;
    QComboBox *m_kind;
    QLineEdit *m_image;
    QLineEdit *m_namespace;
    QComboBox *m_version;
    QPlainTextEdit *m_manifest;
    QLabel *m_notes;
    QFutureWatcher<Result> m_watcher;
    bool m_again = false; // choices changed while an export ran
};

} // namespace trainyard::ui::wizard
