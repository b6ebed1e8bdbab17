#pragma once
// Explorer settings that differ from the defaults in every field a panel shows (widget tests).
#include "ExplorerSettings.h"

inline ExplorerSettings customSettings() {
    ExplorerSettings s;
    s.dataset = "builtin:csl";
    s.patternClass = "fan-cactus:2";
    s.d = 7;
    s.maxSize = 8;
    s.sizeMean = 4.5;
    s.connected = false;
    s.keepDuplicates = true;
    s.patternSeed = 42;
    s.mechanism.mechanism = px::privacy::MechanismKind::Laplace;
    s.mechanism.allocation = px::privacy::Allocation::EqualSnr;
    s.mechanism.sensitivity = px::privacy::SensitivitySource::CountingLemma;
    s.mechanism.degreeBound = 9;
    s.mechanism.delta = 1e-7;
    s.mechanism.epsilon = 10.0;
    s.mechanism.referenceMode = true;
    s.mechanism.beta = 0.0125;
    s.learner = px::learn::LearnerKind::Linear;
    s.k = 5;
    s.C = 2.5;
    s.trees = 40;
    s.ginLayers = 4;
    s.ginHidden = 48;
    s.ginEpochs = 12;
    s.ginFeatures = "degree";
    s.protocol = "10-fold";
    s.noisyTest = false;
    s.featureMap = "log-count";
    s.appendLogN = true;
    s.nestedTuning = true;
    s.repetitions = 1;
    return s;
}
