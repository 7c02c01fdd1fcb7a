//===- Passes.h - every chunk IR pass, in pipeline order ------------------===//
#pragma once

#include "mscclc/passes/Consistency.h"
#include "mscclc/passes/DependencySync.h"
#include "mscclc/passes/Fusion.h"
#include "mscclc/passes/Replication.h"
#include "mscclc/passes/SignalWaitPairing.h"
#include "mscclc/passes/SyncInsertion.h"
#include "mscclc/passes/Validate.h"
