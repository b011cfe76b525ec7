// SPDX-License-Identifier: MIT
// Settings > Local runs: the user's defaults for jobs run on this machine (exec::LocalRunDefaults,
// QSettings localRuns/): Python interpreter, restarts per replica, whole-job reruns, grace period,
// local replica cap and start port. New runs of the wizard and the CLI start from them; a job
// that exists keeps what it was started with.
//
// Every change is saved at once (the dialog has only Close); "Restore defaults" removes the
// stored values. The interpreter is checked as it is typed: the reason it cannot be used, or
// where it was found, appears under the field, and its `--version` output below that. That
// check runs the interpreter in a QProcess without waiting on the GUI thread; a result that
// arrives after the text changed is dropped (generation counter).
#pragma once

#include "exec/runsettings.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QProcess;
class QPushButton;
class QSpinBox;
class QTimer;

namespace trainyard::ui {

class LocalRunsPage : public QWidget
{
    Q_OBJECT

public:
    explicit LocalRunsPage(QWidget *parent = nullptr);
    ~LocalRunsPage() override;

    // Shows the stored defaults (the CLI or another window may have changed them). Called when
    // the page is shown.
    void reload();
    // The values as the fields show them.
    exec::LocalRunDefaults shownDefaults() const;

Q_SIGNALS:
    // The interpreter's --version check ended (found or not) for the current text.
    void pythonChecked();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void save();
    void restoreDefaults();
    void browsePython();
    void checkPython();
    void startVersionCheck();
    void finishVersionCheck(quint64 generation, const QString &text);
    void stopVersionProcess();

    QLineEdit *m_pythonEdit;
    QPushButton *m_browseButton;
    QLabel *m_pythonStatus;  // why it cannot be used, or where it was found (plain text)
    QLabel *m_pythonVersion; // the interpreter's --version output (plain text)
    QSpinBox *m_maxRestarts;
    QSpinBox *m_jobReruns;
    QSpinBox *m_gracePeriod;
    QSpinBox *m_maxLocalReplicas;
    QSpinBox *m_startPort;
    QSpinBox *m_logCap;
    QPushButton *m_restoreButton;
    QTimer *m_versionDelay; // waits for typing to pause before running anything
    QPointer<QProcess> m_versionProcess;
    QString m_foundInterpreter; // absolute path of the current text's interpreter, if found
    quint64 m_generation = 0;   // bumped on every text change; older results are dropped
    bool m_loading = false;     // fields are being filled from the settings, not edited
};

} // namespace trainyard::ui
