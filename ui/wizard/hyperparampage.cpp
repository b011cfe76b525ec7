// SPDX-License-Identifier: MIT
#include "wizard/hyperparampage.h"

#include "study/studyview.h"
#include "validation/limits.h"
#include "wizard/comboutil.h"
#include "wizard/fieldmessage.h"
#include "wizard/listeditors.h"
#include "wizard/wizardfields.h"

#include <QComboBox>
#include <QDoubleValidator>
#include <QFormLayout>
#include <QIntValidator>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QRegularExpressionValidator>
#include <QSpinBox>
#include <QTableWidget>
#include <QWizard>

namespace trainyard::ui::wizard {

namespace lim = validation::limits;

namespace {

constexpr int maxTrialCount = 100000;

template<std::size_t N>
QStringList names(const std::array<std::string_view, N> &values)
{
    QStringList out;
    for (std::string_view v : values)
        out.append(lim::latin1(v));
    return out;
}

QString number(double v)
{
    return QLocale::c().toString(v, 'g', QLocale::FloatingPointShortest);
}

std::optional<double> parseNumber(const QString &text)
{
    bool ok = false;
    const double v = QLocale::c().toDouble(text.trimmed(), &ok);
    return ok ? std::optional<double>(v) : std::nullopt;
}

QStringList splitValues(const QString &text)
{
    QStringList out;
    const QStringList parts = text.split(QLatin1Char(','));
    for (const QString &p : parts) {
        if (!p.trimmed().isEmpty())
            out.append(p.trimmed());
    }
    return out;
}

QString rowType(const QModelIndex &index)
{
    return index.sibling(index.row(), TypeColumn).data().toString();
}

std::optional<qint64> spinValue(const QSpinBox *spin, const std::optional<qint64> &before)
{
    if (spin->value() > 0)
        return spin->value();
    // 0 is shown as "default": keep an explicit 0 that came with the file.
    return before && *before == 0 ? before : std::nullopt;
}

} // namespace

QWidget *ParamDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                                     const QModelIndex &index) const
{
    const QString type = rowType(index);
    switch (index.column()) {
    case TypeColumn:
    case ScaleColumn: {
        auto *combo = new QComboBox(parent);
        combo->setAccessibleName(
            index.model()->headerData(index.column(), Qt::Horizontal).toString());
        combo->addItem(QString());
        combo->addItems(index.column() == TypeColumn ? names(lim::parameterTypes)
                                                     : names(lim::scaleTypes));
        return combo;
    }
    case MinColumn:
    case MaxColumn: {
        auto *edit = new QLineEdit(parent);
        if (type == lim::latin1(lim::typeInteger)) {
            edit->setValidator(new QRegularExpressionValidator(
                QRegularExpression(QStringLiteral("-?\\d{0,15}")), edit));
        } else {
            auto *v = new QDoubleValidator(edit);
            v->setLocale(QLocale::c());
            v->setNotation(QDoubleValidator::ScientificNotation);
            edit->setValidator(v);
        }
        return edit;
    }
    case ValuesColumn: {
        auto *edit = new QLineEdit(parent);
        if (type == lim::latin1(lim::typeDiscrete)) {
            edit->setValidator(new QRegularExpressionValidator(
                QRegularExpression(QStringLiteral("[-+0-9.eE, ]*")), edit));
        }
        edit->setPlaceholderText(tr("comma-separated values"));
        return edit;
    }
    default:
        return QStyledItemDelegate::createEditor(parent, option, index);
    }
}

void ParamDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    if (auto *combo = qobject_cast<QComboBox *>(editor)) {
        combo->setCurrentIndex(std::max(0, combo->findText(index.data().toString())));
        return;
    }
    QStyledItemDelegate::setEditorData(editor, index);
}

void ParamDelegate::setModelData(QWidget *editor, QAbstractItemModel *model,
                                 const QModelIndex &index) const
{
    if (auto *combo = qobject_cast<QComboBox *>(editor)) {
        model->setData(index, combo->currentText());
        return;
    }
    QStyledItemDelegate::setModelData(editor, model, index);
}

HyperparameterPage::HyperparameterPage(QWidget *parent)
    : WizardPage(parent)
    , m_goal(new QComboBox(body()))
    , m_metric(new QLineEdit(body()))
    , m_maxTrials(new QSpinBox(body()))
    , m_parallel(new QSpinBox(body()))
    , m_algorithm(new QComboBox(body()))
    , m_algorithmNote(new QLabel(body()))
    , m_params(new TableEditor(
          {tr("Name"), tr("Type"), tr("Minimum"), tr("Maximum"), tr("Scale"), tr("Values")},
          body()))
{
    setTitle(tr("Hyperparameter tuning"));
    setSubTitle(tr("The service runs several trials, each with other values, and looks for the "
                   "best value of a metric your trainer reports."));

    m_goal->addItem(tr("(not set)"), QString());
    for (const QString &g : names(lim::goals))
        m_goal->addItem(g, g);
    m_metric->setPlaceholderText(tr("the metric's tag, e.g. accuracy"));
    m_metric->setToolTip(tr("The tag your trainer reports the metric under (hypertune)."));
    for (QSpinBox *s : {m_maxTrials, m_parallel}) {
        s->setRange(0, maxTrialCount);
        s->setSpecialValueText(tr("default"));
    }
    m_algorithm->addItem(tr("(not set)"), QString());
    for (const QString &a : names(lim::algorithms))
        m_algorithm->addItem(a, a);
    m_params->table()->setItemDelegate(new ParamDelegate(m_params->table()));
    m_params->setToolTip(tr("DOUBLE and INTEGER parameters take a minimum, a maximum and a "
                            "scale; CATEGORICAL and DISCRETE parameters a comma-separated "
                            "list of values."));

    QFormLayout *form = newForm();
    addRow(form, tr("&Goal:"), m_goal, paths::hyperparameters + QLatin1String(".goal"));
    addRow(form, tr("&Metric tag:"), m_metric,
           paths::hyperparameters + QLatin1String(".hyperparameterMetricTag"));
    addRow(form, tr("Ma&ximum trials:"), m_maxTrials,
           paths::hyperparameters + QLatin1String(".maxTrials"));
    addRow(form, tr("&Parallel trials:"), m_parallel,
           paths::hyperparameters + QLatin1String(".maxParallelTrials"));
    addRow(form, tr("&Algorithm:"), m_algorithm,
           paths::hyperparameters + QLatin1String(".algorithm"));
    m_algorithmNote->setObjectName(QStringLiteral("algorithmNote"));
    m_algorithmNote->setTextFormat(Qt::PlainText);
    m_algorithmNote->setWordWrap(true);
    form->addRow(QString(), m_algorithmNote);
    const auto showAlgorithm = [this] {
        const QString text = study::StudyView::algorithmText(currentValue(m_algorithm));
        m_algorithmNote->setText(text);
        m_algorithm->setAccessibleDescription(text);
    };
    showAlgorithm();
    connect(m_algorithm, &QComboBox::currentIndexChanged, this, showAlgorithm);
    addRow(form, tr("Pa&rameters:"), m_params, paths::hyperparameters + QLatin1String(".params"),
           m_params->table());
    bind(paths::hyperparameters, nullptr);

    registerField(fields::metricTag, m_metric);

    connect(m_goal, &QComboBox::currentIndexChanged, this, &HyperparameterPage::edited);
    connect(m_metric, &QLineEdit::textChanged, this, &HyperparameterPage::edited);
    connect(m_maxTrials, &QSpinBox::valueChanged, this, &HyperparameterPage::edited);
    connect(m_parallel, &QSpinBox::valueChanged, this, &HyperparameterPage::edited);
    connect(m_algorithm, &QComboBox::currentIndexChanged, this, &HyperparameterPage::edited);
    connect(m_params, &TableEditor::changed, this, &HyperparameterPage::edited);
    connect(m_params->table(), &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (item->column() == TypeColumn)
            updateCellHints(item->row());
    });
}

void HyperparameterPage::updateCellHints(int row)
{
    QTableWidget *t = m_params->table();
    const QString type = t->item(row, TypeColumn) ? t->item(row, TypeColumn)->text() : QString();
    const bool range =
        type == lim::latin1(lim::typeDouble) || type == lim::latin1(lim::typeInteger);
    const bool values =
        type == lim::latin1(lim::typeCategorical) || type == lim::latin1(lim::typeDiscrete);
    const QSignalBlocker blocker(t);
    for (int c : {MinColumn, MaxColumn, ScaleColumn}) {
        if (QTableWidgetItem *item = t->item(row, c))
            item->setToolTip(range || c == ScaleColumn ? QString()
                                                       : tr("Not used by %1 parameters").arg(type));
    }
    if (QTableWidgetItem *item = t->item(row, ValuesColumn))
        item->setToolTip(values ? QString() : tr("Not used by %1 parameters").arg(type));
}

void HyperparameterPage::load(const jobspec::Job &job)
{
    const jobspec::HyperparameterSpec hp =
        job.trainingInput.hyperparameters.value_or(jobspec::HyperparameterSpec());
    selectData(m_goal, hp.goal);
    m_metric->setText(hp.hyperparameterMetricTag);
    m_maxTrials->setValue(
        int(qBound<qint64>(qint64(0), hp.maxTrials.value_or(0), qint64(maxTrialCount))));
    m_parallel->setValue(
        int(qBound<qint64>(qint64(0), hp.maxParallelTrials.value_or(0), qint64(maxTrialCount))));
    selectData(m_algorithm, hp.algorithm);
    QList<QStringList> rows;
    for (const jobspec::ParameterSpec &p : hp.params) {
        QStringList values = p.categoricalValues;
        for (double d : p.discreteValues)
            values.append(number(d));
        rows.append({p.parameterName, p.type, p.minValue ? number(*p.minValue) : QString(),
                     p.maxValue ? number(*p.maxValue) : QString(), p.scaleType,
                     values.join(QLatin1String(", "))});
    }
    m_params->setRows(rows);
    for (int r = 0; r < m_params->table()->rowCount(); ++r)
        updateCellHints(r);
}

void HyperparameterPage::store(jobspec::Job &job) const
{
    jobspec::TrainingInput &in = job.trainingInput;
    if (!field(fields::tuning).toBool()) {
        in.hyperparameters.reset();
        return;
    }
    jobspec::HyperparameterSpec hp = in.hyperparameters.value_or(jobspec::HyperparameterSpec());
    hp.goal = currentValue(m_goal);
    hp.hyperparameterMetricTag = m_metric->text();
    hp.maxTrials = spinValue(m_maxTrials, hp.maxTrials);
    hp.maxParallelTrials = spinValue(m_parallel, hp.maxParallelTrials);
    hp.algorithm = currentValue(m_algorithm);
    hp.params.clear();
    const QList<QStringList> rows = m_params->rows();
    for (const QStringList &row : rows) {
        bool empty = true;
        for (const QString &cell : row)
            empty = empty && cell.isEmpty();
        if (empty)
            continue; // a row just added and not filled in yet
        jobspec::ParameterSpec p;
        p.parameterName = row.value(NameColumn);
        p.type = row.value(TypeColumn);
        p.minValue = parseNumber(row.value(MinColumn));
        p.maxValue = parseNumber(row.value(MaxColumn));
        p.scaleType = row.value(ScaleColumn);
        const QStringList values = splitValues(row.value(ValuesColumn));
        if (p.type == lim::latin1(lim::typeDiscrete)) {
            for (const QString &v : values) {
                if (const std::optional<double> d = parseNumber(v))
                    p.discreteValues.append(*d);
            }
        } else {
            p.categoricalValues = values;
        }
        hp.params.append(p);
    }
    in.hyperparameters = hp;
}

} // namespace trainyard::ui::wizard
