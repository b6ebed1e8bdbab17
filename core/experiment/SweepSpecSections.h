#pragma once
// The readers of a sweep spec's sections, one per section (SweepSpec::fromJson calls them in turn). Each
// checks its keys, kinds and ranges and sets `field` to the field it reads, so that an error names it.
#include "experiment/SweepSpec.h"

#include <nlohmann/json.hpp>
#include <string>

namespace px::experiment::spec_sections {

void readPatterns(const nlohmann::json& spec, SweepSpec& s, std::string& field);      // patterns, classes, dims
void readMechanisms(const nlohmann::json& spec, SweepSpec& s, std::string& field);    // mechanisms or mechanism
void readBudget(const nlohmann::json& spec, SweepSpec& s, std::string& field);        // budget
void readLearner(const nlohmann::json& spec, SweepSpec& s, std::string& field);       // learner (ranges: learn/LearnerRegistry.h)
void readTuning(const nlohmann::json& spec, SweepSpec& s, std::string& field);        // tuning
void readEvaluation(const nlohmann::json& spec, SweepSpec& s, std::string& field);    // features, protocol, controls, attack
void checkWhole(const SweepSpec& s, const std::string& source, std::string& field);   // what needs several sections

}  // namespace px::experiment::spec_sections
