// SPDX-License-Identifier: MIT
// Shared by the job console's GUI tests.
#pragma once

#include "jobs/jobconsole.h"

#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

// JobConsole::startJob() and the wait for its jobSubmitted() signal; false with *error set when
// the job was refused or did not start.
inline bool submitAndWait(trainyard::ui::jobs::JobConsole &console,
                          const trainyard::jobspec::Job &job,
                          const trainyard::exec::RunSettings &settings, QString *error)
{
    QSignalSpy submitted(&console, &trainyard::ui::jobs::JobConsole::jobSubmitted);
    if (!console.startJob(job, settings, error))
        return false;
    if (!submitted.wait(30000)) {
        *error = QStringLiteral("no jobSubmitted() within 30 s");
        return false;
    }
    *error = submitted.first().at(1).toString();
    return error->isEmpty();
}

// Job > Cancel asks first: triggers it and answers "Cancel job" in the box it opens.
inline bool cancelAndConfirm(trainyard::ui::jobs::JobConsole &console)
{
    console.cancelAction()->trigger();
    QMessageBox *box = nullptr;
    if (!QTest::qWaitFor([&] { return (box = console.findChild<QMessageBox *>()) != nullptr; }))
        return false;
    box->button(QMessageBox::Yes)->click();
    return true;
}
