// SPDX-License-Identifier: MIT
// File > Paste gcloud command…: a pasted `gcloud ai-platform|ml-engine [beta] jobs submit
// training JOB … -- USER_ARGS` (continuation backslashes and $VARIABLES may stay as they are)
// is read by exporters::importGcloudCommand() as the user types; the list under it shows what the
// command gives (job ID, config file, flags) and what it ignored (client-side flags, unset
// variables). Import fills the wizard with the result.
#pragma once

#include "catalog/catalog.h"
#include "export/commandline.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTimer;

namespace trainyard::ui::wizard {

class PasteCommandDialog : public QDialog
{
    Q_OBJECT
public:
    explicit PasteCommandDialog(const catalog::Catalog &catalog, QWidget *parent = nullptr);

    void setText(const QString &text);
    // Where the command's relative file names (--config) are looked up.
    void setBaseDirectory(const QString &directory);
    QString baseDirectory() const;

    // The import of the text shown now.
    const exporters::GcloudImport &result() const { return m_result; }

    QPlainTextEdit *editor() const { return m_editor; }
    QListWidget *summaryList() const { return m_summary; }
    QPushButton *importButton() const { return m_import; }

private:
    void refresh();

    const catalog::Catalog &m_catalog;
    QPlainTextEdit *m_editor;
    QLineEdit *m_directory;
    QListWidget *m_summary;
    QPushButton *m_import;
    QTimer *m_timer;
    exporters::GcloudImport m_result;
};

} // namespace trainyard::ui::wizard
