#pragma once
// The explorer's record of a sweep, run by run (experiment/RunJournal.h): found again by the same settings on the same
// data after a crash or a restart, and kept once finished so that they show its result without computing it.
#include "experiment/RunJournal.h"
#include "experiment/SweepSpec.h"

#include <QString>
#include <memory>

namespace px { struct Dataset; }

// Opens (or resumes) the record of `spec` on `data` in `folder` (empty: no record). `notice`: what the user should
// know (runs resumed, a record that cannot be kept); `finished`: where the record is to be kept once the sweep finishes.
std::unique_ptr<px::experiment::RunJournal> openJournal(const QString& folder, const px::experiment::SweepSpec& spec,
                                                        const px::Dataset& data, QString& notice, QString& finished);
// A finished sweep's record is kept under its finished name (replacing an older one) before the running one goes.
void keepFinishedRecord(const QString& finished, const px::experiment::RunJournal& journal);
