// SPDX-License-Identifier: MIT
// validate(): runs the rule groups in field order and returns their diagnostics sorted by field.
#include "validation/rules.h"

#include <algorithm>
#include <string_view>

namespace trainyard::validation {
namespace detail {

namespace {

// Field groups in the order of the spec (and of config.yaml). Diagnostics are sorted by the
// group of their field path; within a group they keep the order the rules emitted them in.
constexpr std::array<std::string_view, 17> fieldOrder = {
    "jobId",
    "labels",
    "trainingInput.scaleTier",
    "trainingInput.master",
    "trainingInput.worker",
    "trainingInput.parameterServer",
    "trainingInput.evaluator",
    "trainingInput.packageUris",
    "trainingInput.pythonModule",
    "trainingInput.args",
    "trainingInput.hyperparameters",
    "trainingInput.region",
    "trainingInput.jobDir",
    "trainingInput.runtimeVersion",
    "trainingInput.pythonVersion",
    "trainingInput.scheduling",
    "trainyardLocal",
};

bool startsWithAscii(const QString &s, std::string_view prefix)
{
    if (s.size() < qsizetype(prefix.size()))
        return false;
    const QChar *p = s.constData();
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        if (p[i].unicode() != char16_t(uchar(prefix[i])))
            return false;
    }
    return true;
}

int fieldRank(const QString &field)
{
    for (std::size_t i = 0; i < fieldOrder.size(); ++i) {
        if (startsWithAscii(field, fieldOrder[i]))
            return int(i);
    }
    return int(fieldOrder.size());
}

} // namespace

Context::Context(const jobspec::Job &j, const catalog::Catalog &c, const Options &o)
    : job(j)
    , input(j.trainingInput)
    , catalog(c)
    , options(o)
{
    // An absent scaleTier is the enum's zero value on the wire: BASIC.
    tier = catalog.scaleTier(input.scaleTier.isEmpty() ? QStringLiteral("BASIC") : input.scaleTier);
    custom = tier == nullptr || tier->custom;
    for (jobspec::Role role : jobspec::allRoles) {
        const jobspec::RoleSpec &r = input.role(role);
        if (!r.type.isEmpty())
            m_machines[std::size_t(role)] = catalog.machineType(r.type);
        if (r.config.acceleratorConfig && !r.config.acceleratorConfig->type.isEmpty())
            m_accelerators[std::size_t(role)] =
                catalog.accelerator(r.config.acceleratorConfig->type);
    }
}

bool Context::roleActive(jobspec::Role role) const
{
    if (!custom)
        return false;
    const jobspec::RoleSpec &r = input.role(role);
    if (role == jobspec::Role::Master)
        return !r.type.isEmpty();
    return r.count.value_or(0) > 0;
}

void Context::error(const QString &field, const QString &message)
{
    report(jobspec::Severity::Error, field, message);
}

void Context::warning(const QString &field, const QString &message)
{
    report(jobspec::Severity::Warning, field, message);
}

void Context::report(jobspec::Severity severity, const QString &field, const QString &message)
{
    jobspec::Diagnostic d;
    d.severity = severity;
    d.field = field;
    d.message = message;
    if (m_items.empty())
        m_items.reserve(16);
    m_items.emplace_back(fieldRank(field), std::move(d));
}

void Context::report(catalog::Certainty certainty, const QString &field, const QString &message)
{
    report(catalog::isCertain(certainty) ? jobspec::Severity::Error : jobspec::Severity::Warning,
           field, message);
}

jobspec::Diagnostics Context::take()
{
    std::stable_sort(m_items.begin(), m_items.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    jobspec::Diagnostics out;
    out.reserve(qsizetype(m_items.size()));
    for (auto &item : m_items)
        out.append(std::move(item.second));
    m_items.clear();
    return out;
}

} // namespace detail

jobspec::Diagnostics validate(const jobspec::Job &job, const catalog::Catalog &catalog,
                              const Options &options, const jobspec::SourceMap *sources)
{
    detail::Context ctx(job, catalog, options);
    ctx.sources = sources;
    detail::checkJobId(ctx);
    detail::checkLabels(ctx);
    detail::checkCluster(ctx);
    detail::checkAccelerators(ctx);
    detail::checkDisks(ctx);
    detail::checkContainers(ctx);
    detail::checkPackages(ctx);
    detail::checkHyperparameters(ctx);
    detail::checkRegion(ctx);
    detail::checkJobDir(ctx);
    detail::checkRuntime(ctx);
    detail::checkScheduling(ctx);
    detail::checkLocalRun(ctx);

    jobspec::Diagnostics diags = ctx.take();
    if (sources) {
        for (jobspec::Diagnostic &d : diags)
            sources->locate(d);
    }
    return diags;
}

} // namespace trainyard::validation
