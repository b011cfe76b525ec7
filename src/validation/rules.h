// SPDX-License-Identifier: MIT
// Internal to src/validation: the context every rule group writes into, the rule groups (one
// file each) and small helpers for messages. Not part of the public API.
#pragma once

#include "validation/validator.h"

#include <QCoreApplication>
#include <QVarLengthArray>
#include <array>
#include <string_view>
#include <utility>
#include <vector>

namespace trainyard::validation {

// Every message is translated with QCoreApplication::translate("trainyard::Validation", ...):
// an explicit context that lupdate always resolves, whatever the surrounding namespaces.

namespace detail {

// Collects diagnostics; take() returns them ordered by field (stable within a field group).
class Context
{
public:
    Context(const jobspec::Job &job, const catalog::Catalog &catalog, const Options &options);

    const jobspec::Job &job;
    const jobspec::TrainingInput &input;
    const catalog::Catalog &catalog;
    const Options &options;
    const catalog::ScaleTier *tier = nullptr;    // null when unknown (unset is BASIC)
    const jobspec::SourceMap *sources = nullptr; // where fields came from, when known
    bool custom = true; // CUSTOM, or an unknown tier (role fields are then checked as given)

    bool isLocal() const { return options.target == Target::Local; }
    // The master is active with CUSTOM; the other roles when their count is above zero.
    bool roleActive(jobspec::Role role) const;
    // The catalog entries a role names, looked up once per validate() (several rule groups ask):
    // its machine type and its acceleratorConfig's type; null when unset or unknown.
    const catalog::MachineType *machineOf(jobspec::Role role) const
    {
        return m_machines[std::size_t(role)];
    }
    const catalog::AcceleratorType *acceleratorOf(jobspec::Role role) const
    {
        return m_accelerators[std::size_t(role)];
    }

    void error(const QString &field, const QString &message);
    void warning(const QString &field, const QString &message);
    void report(jobspec::Severity severity, const QString &field, const QString &message);
    // Error when the fact is certain, warning when the catalog marks it uncertain.
    void report(catalog::Certainty certainty, const QString &field, const QString &message);

    jobspec::Diagnostics take();

private:
    std::vector<std::pair<int, jobspec::Diagnostic>> m_items;
    std::array<const catalog::MachineType *, jobspec::allRoles.size()> m_machines{};
    std::array<const catalog::AcceleratorType *, jobspec::allRoles.size()> m_accelerators{};
};

// Rule groups, run in field order by validate().
void checkJobId(Context &ctx);           // jobidrules.cpp
void checkLabels(Context &ctx);          // labelrules.cpp
void checkCluster(Context &ctx);         // clusterrules.cpp: tier, types, counts, categories
void checkAccelerators(Context &ctx);    // gpurules.cpp: acceleratorConfig per role, TPU
void checkDisks(Context &ctx);           // diskrules.cpp: diskConfig per role
void checkContainers(Context &ctx);      // runtimerules.cpp: imageUri, container fields
void checkPackages(Context &ctx);        // runtimerules.cpp: packageUris, pythonModule
void checkHyperparameters(Context &ctx); // hyperparamrules.cpp
void checkRegion(Context &ctx);          // regionrules.cpp: region, GPU offer, zones
void checkJobDir(Context &ctx);          // jobdirrules.cpp
void checkRuntime(Context &ctx);         // runtimerules.cpp: runtime and Python versions
void checkScheduling(Context &ctx);      // schedulingrules.cpp
void checkLocalRun(Context &ctx);        // localrules.cpp: trainyardLocal

// Accelerators the job uses (GPU and TPU), in role order, without duplicates.
using AcceleratorSet = QVarLengthArray<const catalog::AcceleratorType *, 8>;
AcceleratorSet usedAccelerators(const Context &ctx); // regionrules.cpp

// Helpers (messages.cpp).
QString fieldPath(jobspec::Role role, const char *suffix); // "trainingInput.workerType"
QString roleTypeField(jobspec::Role role);                 // "trainingInput.<role>Type"
QString roleCountField(jobspec::Role role);                // "trainingInput.<role>Count"
QString acceleratorField(jobspec::Role role,
                         const char *leaf); // ...Config.acceleratorConfig.<leaf>
// Closest candidate by edit distance (case-insensitive), or empty when none is close.
QString closestMatch(const QString &word, const QStringList &candidates);
// " Did you mean X?" or empty; appended to "unknown ..." messages.
QString didYouMean(const QString &word, const QStringList &candidates);
QString joinNames(const QStringList &names);
QString joinCounts(const QList<int> &counts);
QString quoted(const QString &value); // 'value'
template<std::size_t N>
QString joinNames(const std::array<std::string_view, N> &names)
{
    QString out;
    for (std::string_view n : names) {
        if (!out.isEmpty())
            out += QLatin1String(", ");
        out += QLatin1String(n.data(), qsizetype(n.size()));
    }
    return out;
}

// The names of a constant table (limits.h), joined once: the tables never change, and error
// messages name them often.
template<const auto &Names>
const QString &joinedNames()
{
    static const QString joined = joinNames(Names);
    return joined;
}

// Calls f(position, codePoint) for each code point (position is 1-based, in code points) until
// f returns false. Returns the number of code points visited.
template<typename F>
qsizetype forEachCodePoint(const QString &s, F f)
{
    qsizetype position = 0;
    const qsizetype n = s.size();
    for (qsizetype i = 0; i < n; ++i) {
        char32_t cp = s.at(i).unicode();
        if (QChar::isHighSurrogate(cp) && i + 1 < n && s.at(i + 1).isLowSurrogate()) {
            cp = QChar::surrogateToUcs4(s.at(i), s.at(i + 1));
            ++i;
        }
        ++position;
        if (!f(position, cp))
            break;
    }
    return position;
}

// A code point as a string, for messages.
inline QString codePointText(char32_t cp)
{
    return QString::fromUcs4(&cp, 1);
}

// Short name of an accelerator for prose: the last word of its display name ("T4", "A100").
QString shortName(const catalog::AcceleratorType &acc);

} // namespace detail
} // namespace trainyard::validation
