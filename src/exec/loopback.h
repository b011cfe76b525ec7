// SPDX-License-Identifier: MIT
// The name a local cluster's replicas listen on and are given (TF_CONFIG, MASTER_ADDR):
// `localhost`, as gcloud's local train uses it, or the loopback address 127.0.0.1 where
// `localhost` does not resolve (a minimal root or container without /etc/hosts).
#pragma once

#include <QString>

namespace trainyard::exec {

inline constexpr char LoopbackName[] = "localhost";
inline constexpr char LoopbackAddress[] = "127.0.0.1";

struct LoopbackHost
{
    QString host; // LoopbackName or LoopbackAddress
    QString note; // why not localhost, to say once; empty when localhost resolves
};

// Looked up once per process (getaddrinfo); the answer does not change while it runs.
const LoopbackHost &loopbackHost();

} // namespace trainyard::exec
