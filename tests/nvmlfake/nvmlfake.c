/* SPDX-License-Identifier: MIT
 * A test double of libnvidia-ml.so.1: NVML's real entry points and struct layouts (nvml.h, API
 * version 12), describing the GPUs and processes that a description file names. Tests put its
 * directory first on LD_LIBRARY_PATH and name the file in NVMLFAKE_DESCRIPTION; the file is read
 * by nvmlInit_v2 and again by any query after it changed (size, time or inode: write it with a
 * rename), so a test can start a process and then
 * say what it holds on which GPU.
 *
 * Description, one record a line, '#' starts a comment, fields "key=value" separated by ';':
 *   driver 580.159
 *   init_error 9                     nvmlInit_v2 returns this (9: NVML_ERROR_DRIVER_NOT_LOADED)
 *   gpu name=NVIDIA H200; uuid=GPU-…; bus=00000000:18:00.0; memory_total_mib=143771;
 *       memory_used_mib=0; utilization=0; power_mw=75000; temperature=31
 *         (one line; power_mw=unsupported makes nvmlDeviceGetPowerUsage NOT_SUPPORTED)
 *   process gpu=0; pid=1234; used_mib=1024      (used_mib=na: NVML_VALUE_NOT_AVAILABLE)
 * No file, or a file without gpu lines: NVML runs and finds no GPU.
 *
 * Hostile modes, as a driver that lies or breaks would behave (issue 32):
 *   device_count 65535         nvmlDeviceGetCount_v2 says so; handles past the gpu lines repeat
 *                              them
 *   process_count 4294967295   every process query answers INSUFFICIENT_SIZE with this count
 *   hang CALL MS               CALL sleeps MS milliseconds before it answers
 *   crash CALL                 CALL raises SIGSEGV
 * CALL: init, count, name, memory, utilization, processes. Garbage readings need no mode:
 * utilization=4294967295, temperature=4294967295, memory_used_mib beyond the total, pid=0.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

typedef int nvmlReturn_t;
enum {
    NVML_SUCCESS = 0,
    NVML_ERROR_UNINITIALIZED = 1,
    NVML_ERROR_INVALID_ARGUMENT = 2,
    NVML_ERROR_NOT_SUPPORTED = 3,
    NVML_ERROR_INSUFFICIENT_SIZE = 7,
    NVML_ERROR_DRIVER_NOT_LOADED = 9,
    NVML_ERROR_UNKNOWN = 999
};
#define NVML_TEMPERATURE_GPU 0
#define NVML_DEVICE_PCI_BUS_ID_BUFFER_SIZE 32
#define NVML_DEVICE_PCI_BUS_ID_BUFFER_V2_SIZE 16
#define NVML_VALUE_NOT_AVAILABLE_ULL 0xFFFFFFFFFFFFFFFFULL

typedef struct nvmlMemory_st {
    unsigned long long total;
    unsigned long long free;
    unsigned long long used;
} nvmlMemory_t;

typedef struct nvmlUtilization_st {
    unsigned int gpu;
    unsigned int memory;
} nvmlUtilization_t;

typedef struct nvmlPciInfo_st {
    char busIdLegacy[NVML_DEVICE_PCI_BUS_ID_BUFFER_V2_SIZE];
    unsigned int domain;
    unsigned int bus;
    unsigned int device;
    unsigned int pciDeviceId;
    unsigned int pciSubSystemId;
    char busId[NVML_DEVICE_PCI_BUS_ID_BUFFER_SIZE];
} nvmlPciInfo_t;

typedef struct nvmlProcessInfo_v2_st {
    unsigned int pid;
    unsigned long long usedGpuMemory;
    unsigned int gpuInstanceId;
    unsigned int computeInstanceId;
} nvmlProcessInfo_t;

#define MAX_GPUS 16
#define MAX_PROCS 256

typedef struct nvmlDevice_st {
    char name[96];
    char uuid[96];
    char bus[32];
    unsigned long long total;
    unsigned long long used;
    unsigned int utilization;
    unsigned int powerMw;
    int powerSupported;
    unsigned int temperature;
} *nvmlDevice_t;

struct proc {
    unsigned int gpu;
    unsigned int pid;
    unsigned long long used;
};

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static int g_initCount;
static int g_initError;
static char g_driver[80];
static struct nvmlDevice_st g_gpus[MAX_GPUS];
static unsigned int g_gpuCount;
static struct proc g_procs[MAX_PROCS];
static unsigned int g_procCount;
static struct timespec g_mtime;
static off_t g_size = -1;
static ino_t g_inode;
static long long g_deviceCount = -1;
static long long g_processCount = -1;
static char g_hangCall[32];
static long g_hangMs;
static char g_crashCall[32];

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        ++s;
    char *e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'))
        *--e = '\0';
    return s;
}

static void copyField(char *dst, size_t size, const char *value)
{
    snprintf(dst, size, "%s", value);
}

static void parseGpu(char *fields)
{
    if (g_gpuCount >= MAX_GPUS)
        return;
    struct nvmlDevice_st *g = &g_gpus[g_gpuCount];
    memset(g, 0, sizeof *g);
    g->powerSupported = 1;
    snprintf(g->uuid, sizeof g->uuid, "GPU-00000000-0000-0000-0000-%012u", g_gpuCount);
    snprintf(g->bus, sizeof g->bus, "00000000:%02X:00.0", 0x10 + g_gpuCount);
    copyField(g->name, sizeof g->name, "NVIDIA Fake");
    char *save = NULL;
    for (char *f = strtok_r(fields, ";", &save); f; f = strtok_r(NULL, ";", &save)) {
        char *eq = strchr(f, '=');
        if (!eq)
            continue;
        *eq = '\0';
        const char *key = trim(f);
        const char *value = trim(eq + 1);
        if (!strcmp(key, "name"))
            copyField(g->name, sizeof g->name, value);
        else if (!strcmp(key, "uuid"))
            copyField(g->uuid, sizeof g->uuid, value);
        else if (!strcmp(key, "bus"))
            copyField(g->bus, sizeof g->bus, value);
        else if (!strcmp(key, "memory_total_mib"))
            g->total = strtoull(value, NULL, 10) << 20;
        else if (!strcmp(key, "memory_used_mib"))
            g->used = strtoull(value, NULL, 10) << 20;
        else if (!strcmp(key, "utilization"))
            g->utilization = (unsigned int)strtoul(value, NULL, 10);
        else if (!strcmp(key, "power_mw")) {
            g->powerSupported = strcmp(value, "unsupported") != 0;
            g->powerMw = (unsigned int)strtoul(value, NULL, 10);
        } else if (!strcmp(key, "temperature"))
            g->temperature = (unsigned int)strtoul(value, NULL, 10);
    }
    ++g_gpuCount;
}

static void parseProcess(char *fields)
{
    if (g_procCount >= MAX_PROCS)
        return;
    struct proc *p = &g_procs[g_procCount];
    memset(p, 0, sizeof *p);
    char *save = NULL;
    for (char *f = strtok_r(fields, ";", &save); f; f = strtok_r(NULL, ";", &save)) {
        char *eq = strchr(f, '=');
        if (!eq)
            continue;
        *eq = '\0';
        const char *key = trim(f);
        const char *value = trim(eq + 1);
        if (!strcmp(key, "gpu"))
            p->gpu = (unsigned int)strtoul(value, NULL, 10);
        else if (!strcmp(key, "pid"))
            p->pid = (unsigned int)strtoul(value, NULL, 10);
        else if (!strcmp(key, "used_mib"))
            p->used = !strcmp(value, "na") ? NVML_VALUE_NOT_AVAILABLE_ULL
                                            : strtoull(value, NULL, 10) << 20;
    }
    ++g_procCount;
}

/* Reads the description when it changed since the last read (or when `force`). */
static void load(int force)
{
    const char *path = getenv("NVMLFAKE_DESCRIPTION");
    struct stat st;
    if (!path || stat(path, &st) != 0) {
        g_gpuCount = 0;
        g_procCount = 0;
        g_initError = 0;
        g_size = -1;
        g_deviceCount = g_processCount = -1;
        g_hangCall[0] = g_crashCall[0] = '\0';
        return;
    }
    if (!force && st.st_size == g_size && st.st_ino == g_inode && st.st_mtim.tv_sec == g_mtime.tv_sec
        && st.st_mtim.tv_nsec == g_mtime.tv_nsec)
        return;
    FILE *file = fopen(path, "r");
    if (!file)
        return;
    g_gpuCount = 0;
    g_procCount = 0;
    g_initError = 0;
    g_driver[0] = '\0';
    g_deviceCount = g_processCount = -1;
    g_hangCall[0] = g_crashCall[0] = '\0';
    g_hangMs = 0;
    char line[1024];
    while (fgets(line, sizeof line, file)) {
        char *s = trim(line);
        if (*s == '#' || *s == '\0')
            continue;
        if (!strncmp(s, "gpu ", 4))
            parseGpu(s + 4);
        else if (!strncmp(s, "process ", 8))
            parseProcess(s + 8);
        else if (!strncmp(s, "driver ", 7))
            copyField(g_driver, sizeof g_driver, trim(s + 7));
        else if (!strncmp(s, "init_error ", 11))
            g_initError = atoi(s + 11);
        else if (!strncmp(s, "device_count ", 13))
            g_deviceCount = strtoll(s + 13, NULL, 10);
        else if (!strncmp(s, "process_count ", 14))
            g_processCount = strtoll(s + 14, NULL, 10);
        else if (!strncmp(s, "hang ", 5)) {
            if (sscanf(s + 5, "%31s %ld", g_hangCall, &g_hangMs) != 2)
                g_hangCall[0] = '\0';
        } else if (!strncmp(s, "crash ", 6)) {
            if (sscanf(s + 6, "%31s", g_crashCall) != 1)
                g_crashCall[0] = '\0';
        }
    }
    fclose(file);
    g_mtime = st.st_mtim;
    g_size = st.st_size;
    g_inode = st.st_ino;
}

/* The hostile modes of `call`: a hang, then a crash. Called outside the lock. */
static void hostile(const char *call)
{
    pthread_mutex_lock(&g_lock);
    load(0);
    const long hangMs = !strcmp(g_hangCall, call) ? g_hangMs : 0;
    const int crash = !strcmp(g_crashCall, call);
    pthread_mutex_unlock(&g_lock);
    if (hangMs > 0) {
        struct timespec ts = {hangMs / 1000, (hangMs % 1000) * 1000000L};
        while (nanosleep(&ts, &ts) != 0)
            ;
    }
    if (crash) {
        const struct rlimit none = {0, 0}; /* a crash, not a core file in the job's folder */
        setrlimit(RLIMIT_CORE, &none);
        raise(SIGSEGV);
    }
}

static int validDevice(nvmlDevice_t device)
{
    return device >= &g_gpus[0] && device < &g_gpus[g_gpuCount];
}

/* Locks, reloads when changed and checks the device; returns NVML_SUCCESS or an error. */
static nvmlReturn_t enter(nvmlDevice_t device)
{
    pthread_mutex_lock(&g_lock);
    if (g_initCount == 0) {
        pthread_mutex_unlock(&g_lock);
        return NVML_ERROR_UNINITIALIZED;
    }
    load(0);
    if (!validDevice(device)) {
        pthread_mutex_unlock(&g_lock);
        return NVML_ERROR_INVALID_ARGUMENT;
    }
    return NVML_SUCCESS;
}

static nvmlReturn_t leave(nvmlReturn_t rc)
{
    pthread_mutex_unlock(&g_lock);
    return rc;
}

nvmlReturn_t nvmlInit_v2(void)
{
    hostile("init");
    pthread_mutex_lock(&g_lock);
    load(1);
    if (g_initError) {
        const nvmlReturn_t rc = g_initError;
        pthread_mutex_unlock(&g_lock);
        return rc;
    }
    ++g_initCount;
    return leave(NVML_SUCCESS);
}

nvmlReturn_t nvmlShutdown(void)
{
    pthread_mutex_lock(&g_lock);
    if (g_initCount == 0)
        return leave(NVML_ERROR_UNINITIALIZED);
    --g_initCount;
    return leave(NVML_SUCCESS);
}

const char *nvmlErrorString(nvmlReturn_t result)
{
    switch (result) {
    case NVML_SUCCESS: return "Success";
    case NVML_ERROR_UNINITIALIZED: return "Uninitialized";
    case NVML_ERROR_INVALID_ARGUMENT: return "Invalid Argument";
    case NVML_ERROR_NOT_SUPPORTED: return "Not Supported";
    case NVML_ERROR_INSUFFICIENT_SIZE: return "Insufficient Size";
    case NVML_ERROR_DRIVER_NOT_LOADED: return "Driver Not Loaded";
    default: return "Unknown Error";
    }
}

nvmlReturn_t nvmlSystemGetDriverVersion(char *version, unsigned int length)
{
    pthread_mutex_lock(&g_lock);
    if (g_initCount == 0)
        return leave(NVML_ERROR_UNINITIALIZED);
    if (!version || length <= strlen(g_driver))
        return leave(NVML_ERROR_INSUFFICIENT_SIZE);
    strcpy(version, g_driver);
    return leave(NVML_SUCCESS);
}

nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *deviceCount)
{
    hostile("count");
    pthread_mutex_lock(&g_lock);
    if (g_initCount == 0)
        return leave(NVML_ERROR_UNINITIALIZED);
    if (!deviceCount)
        return leave(NVML_ERROR_INVALID_ARGUMENT);
    load(0);
    *deviceCount = g_deviceCount >= 0 ? (unsigned int)g_deviceCount : g_gpuCount;
    return leave(NVML_SUCCESS);
}

nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int index, nvmlDevice_t *device)
{
    pthread_mutex_lock(&g_lock);
    if (g_initCount == 0)
        return leave(NVML_ERROR_UNINITIALIZED);
    const unsigned int count = g_deviceCount >= 0 ? (unsigned int)g_deviceCount : g_gpuCount;
    if (!device || index >= count || g_gpuCount == 0)
        return leave(NVML_ERROR_INVALID_ARGUMENT);
    *device = &g_gpus[index % g_gpuCount];
    return leave(NVML_SUCCESS);
}

static nvmlReturn_t copyString(const char *value, char *buf, unsigned int length)
{
    if (!buf)
        return NVML_ERROR_INVALID_ARGUMENT;
    if (length <= strlen(value))
        return NVML_ERROR_INSUFFICIENT_SIZE;
    strcpy(buf, value);
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetName(nvmlDevice_t device, char *name, unsigned int length)
{
    hostile("name");
    const nvmlReturn_t rc = enter(device);
    if (rc != NVML_SUCCESS)
        return rc;
    return leave(copyString(device->name, name, length));
}

nvmlReturn_t nvmlDeviceGetUUID(nvmlDevice_t device, char *uuid, unsigned int length)
{
    const nvmlReturn_t rc = enter(device);
    if (rc != NVML_SUCCESS)
        return rc;
    return leave(copyString(device->uuid, uuid, length));
}

nvmlReturn_t nvmlDeviceGetPciInfo_v3(nvmlDevice_t device, nvmlPciInfo_t *pci)
{
    const nvmlReturn_t rc = enter(device);
    if (rc != NVML_SUCCESS)
        return rc;
    if (!pci)
        return leave(NVML_ERROR_INVALID_ARGUMENT);
    memset(pci, 0, sizeof *pci);
    copyField(pci->busId, sizeof pci->busId, device->bus);
    unsigned int domain = 0, bus = 0, dev = 0;
    if (sscanf(device->bus, "%x:%x:%x", &domain, &bus, &dev) == 3) {
        pci->domain = domain;
        pci->bus = bus;
        pci->device = dev;
    }
    snprintf(pci->busIdLegacy, sizeof pci->busIdLegacy, "%04X:%02X:%02X.0", domain & 0xFFFF,
             bus & 0xFF, dev & 0xFF);
    pci->pciDeviceId = 0x233510DE; /* device id | NVIDIA's vendor id */
    return leave(NVML_SUCCESS);
}

nvmlReturn_t nvmlDeviceGetMemoryInfo(nvmlDevice_t device, nvmlMemory_t *memory)
{
    hostile("memory");
    const nvmlReturn_t rc = enter(device);
    if (rc != NVML_SUCCESS)
        return rc;
    if (!memory)
        return leave(NVML_ERROR_INVALID_ARGUMENT);
    memory->total = device->total;
    memory->used = device->used;
    memory->free = device->total > device->used ? device->total - device->used : 0;
    return leave(NVML_SUCCESS);
}

nvmlReturn_t nvmlDeviceGetUtilizationRates(nvmlDevice_t device, nvmlUtilization_t *utilization)
{
    hostile("utilization");
    const nvmlReturn_t rc = enter(device);
    if (rc != NVML_SUCCESS)
        return rc;
    if (!utilization)
        return leave(NVML_ERROR_INVALID_ARGUMENT);
    utilization->gpu = device->utilization;
    utilization->memory = device->utilization / 2;
    return leave(NVML_SUCCESS);
}

nvmlReturn_t nvmlDeviceGetPowerUsage(nvmlDevice_t device, unsigned int *power)
{
    const nvmlReturn_t rc = enter(device);
    if (rc != NVML_SUCCESS)
        return rc;
    if (!power)
        return leave(NVML_ERROR_INVALID_ARGUMENT);
    if (!device->powerSupported)
        return leave(NVML_ERROR_NOT_SUPPORTED);
    *power = device->powerMw;
    return leave(NVML_SUCCESS);
}

nvmlReturn_t nvmlDeviceGetTemperature(nvmlDevice_t device, int sensorType, unsigned int *temp)
{
    const nvmlReturn_t rc = enter(device);
    if (rc != NVML_SUCCESS)
        return rc;
    if (!temp || sensorType != NVML_TEMPERATURE_GPU)
        return leave(NVML_ERROR_INVALID_ARGUMENT);
    *temp = device->temperature;
    return leave(NVML_SUCCESS);
}

nvmlReturn_t nvmlDeviceGetComputeRunningProcesses_v3(nvmlDevice_t device, unsigned int *infoCount,
                                                     nvmlProcessInfo_t *infos)
{
    hostile("processes");
    const nvmlReturn_t rc = enter(device);
    if (rc != NVML_SUCCESS)
        return rc;
    if (!infoCount)
        return leave(NVML_ERROR_INVALID_ARGUMENT);
    if (g_processCount >= 0) {
        *infoCount = (unsigned int)g_processCount;
        return leave(NVML_ERROR_INSUFFICIENT_SIZE);
    }
    const unsigned int gpu = (unsigned int)(device - g_gpus);
    unsigned int n = 0;
    for (unsigned int i = 0; i < g_procCount; ++i)
        n += g_procs[i].gpu == gpu;
    if (n == 0) {
        *infoCount = 0;
        return leave(NVML_SUCCESS);
    }
    if (*infoCount < n || !infos) {
        *infoCount = n;
        return leave(NVML_ERROR_INSUFFICIENT_SIZE);
    }
    unsigned int k = 0;
    for (unsigned int i = 0; i < g_procCount; ++i) {
        if (g_procs[i].gpu != gpu)
            continue;
        infos[k].pid = g_procs[i].pid;
        infos[k].usedGpuMemory = g_procs[i].used;
        infos[k].gpuInstanceId = 0xFFFFFFFFu;
        infos[k].computeInstanceId = 0xFFFFFFFFu;
        ++k;
    }
    *infoCount = n;
    return leave(NVML_SUCCESS);
}
