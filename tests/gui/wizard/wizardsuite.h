// SPDX-License-Identifier: MIT
// What the job wizard's suites (tst_wizard, tst_wizardload, tst_wizardrun) share: the built-in
// catalog, the fixtures beside them and the page-by-page moves of a user.
#pragma once

#include "catalog/catalog.h"
#include "jobspec/yamlio.h"
#include "wizard/clusterpage.h"
#include "wizard/jobpage.h"
#include "wizard/trainerpage.h"
#include "wizard/wizardfields.h"
#include "wizard/wizardpage.h"
#include "wizardtesthelpers.h"

#include <QApplication>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QTest>

namespace wizardsuite {

using namespace trainyard;
using namespace trainyard::ui::wizard;
using namespace wizardtest;

inline const catalog::Catalog &cat()
{
    return catalog::Catalog::builtIn();
}

inline QString gpuGuideFixture()
{
    return QStringLiteral(WIZARD_TEST_DIR "/gpu_guide_job.yaml");
}

inline QString advancedFixture()
{
    return QStringLiteral(WIZARD_TEST_DIR "/advanced_job.yaml");
}

inline bool isNextEnabled(QWizard &w)
{
    return w.button(QWizard::NextButton)->isEnabled();
}

// Job page -> Cluster page: a valid ID and a module, clicking Next like a user.
inline void goToCluster(JobWizard &w)
{
    QTest::keyClicks(w.jobPage()->jobIdEdit(), QStringLiteral("gpu_job"));
    QTRY_VERIFY(isNextEnabled(w));
    clickButton(w, QWizard::NextButton);
    QCOMPARE(w.currentId(), int(TrainerPageId));
    QTest::keyClicks(w.trainerPage()->moduleEdit(), QStringLiteral("trainer.task"));
    QTRY_VERIFY(isNextEnabled(w));
    clickButton(w, QWizard::NextButton);
    QCOMPARE(w.currentId(), int(ClusterPageId));
}

// Keyboard only: Enter moves page by page to the Review page; each page starts with the focus in
// its first field, inside the page.
inline void enterToReview(JobWizard &w)
{
    for (int page = 0; page < 6 && w.currentId() != ReviewPageId; ++page) {
        QTRY_VERIFY2(isNextEnabled(w),
                     qPrintable(static_cast<WizardPage *>(w.currentPage())->summaryText()));
        const int before = w.currentId();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        QTRY_VERIFY(w.currentId() != before);
        QVERIFY(w.currentPage()->isAncestorOf(QApplication::focusWidget()));
    }
    QCOMPARE(w.currentId(), int(ReviewPageId));
}

inline void chooseCustomT4(JobWizard &w, const QString &machine, qlonglong count)
{
    const ClusterPage::RoleRow &master = w.clusterPage()->row(jobspec::Role::Master);
    QVERIFY(choose(w.clusterPage()->tierCombo(), QStringLiteral("CUSTOM")));
    QVERIFY(choose(master.type, machine));
    QVERIFY(choose(master.acceleratorType, QStringLiteral("NVIDIA_TESLA_T4")));
    QVERIFY(choose(master.acceleratorCount, count));
}

inline jobspec::ImportResult importFixture(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return jobspec::importJob(f.readAll(), path);
}

} // namespace wizardsuite
