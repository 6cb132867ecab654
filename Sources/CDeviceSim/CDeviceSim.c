// A simulated device (see include/CDeviceSim.h): one thread per started
// device, a mutex and a condition variable, and a table of devices by id.
// Each call holds a reference to the device it works on, so that a close
// frees it only after the last call on it has returned.

#include "CDeviceSim.h"

#include <pthread.h>
#include <stdlib.h>

struct sim_device {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    pthread_t thread;
    int32_t readings;
    int32_t delivered;
    int running;
    int stopping;
    int32_t references;
    sim_device_callback callback;
    void *context;
};

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sim_device **table;
static int32_t table_count;

static struct sim_device *acquire(int32_t device) {
    struct sim_device *found = NULL;
    pthread_mutex_lock(&table_lock);
    if (device > 0 && device <= table_count) {
        found = table[device - 1];
    }
    if (found != NULL) {
        found->references += 1;
    }
    pthread_mutex_unlock(&table_lock);
    return found;
}

static void release(struct sim_device *device) {
    pthread_mutex_lock(&table_lock);
    device->references -= 1;
    int last = device->references == 0;
    pthread_mutex_unlock(&table_lock);
    if (last) {
        pthread_cond_destroy(&device->changed);
        pthread_mutex_destroy(&device->lock);
        free(device);
    }
}

int32_t sim_device_open(int32_t readings) {
    struct sim_device *created = calloc(1, sizeof *created);
    if (created == NULL) {
        return -1;
    }
    pthread_mutex_init(&created->lock, NULL);
    pthread_cond_init(&created->changed, NULL);
    created->readings = readings;
    created->references = 1;
    pthread_mutex_lock(&table_lock);
    struct sim_device **grown =
        realloc(table, sizeof *table * (size_t)(table_count + 1));
    int32_t id = -1;
    if (grown != NULL) {
        table = grown;
        table[table_count] = created;
        table_count += 1;
        id = table_count;
    }
    pthread_mutex_unlock(&table_lock);
    if (id < 0) {
        free(created);
    }
    return id;
}

static void *run(void *argument) {
    struct sim_device *device = argument;
    pthread_mutex_lock(&device->lock);
    for (int32_t reading = 1;
         reading <= device->readings && !device->stopping; reading++) {
        sim_device_callback callback = device->callback;
        void *context = device->context;
        pthread_mutex_unlock(&device->lock);
        callback(context, reading);
        pthread_mutex_lock(&device->lock);
        device->delivered += 1;
    }
    while (!device->stopping) {
        pthread_cond_wait(&device->changed, &device->lock);
    }
    pthread_mutex_unlock(&device->lock);
    release(device);
    return NULL;
}

int32_t sim_device_start(int32_t id, sim_device_callback callback,
                         void *context) {
    struct sim_device *device = acquire(id);
    if (device == NULL) {
        return -1;
    }
    pthread_mutex_lock(&device->lock);
    int32_t result = -1;
    if (!device->running) {
        device->callback = callback;
        device->context = context;
        device->delivered = 0;
        device->stopping = 0;
        if (pthread_create(&device->thread, NULL, run, device) == 0) {
            device->running = 1;
            result = 0;
        }
    }
    pthread_mutex_unlock(&device->lock);
    if (result != 0) {
        release(device);  // else the thread keeps it, and releases it last
    }
    return result;
}

void sim_device_stop(int32_t id) {
    struct sim_device *device = acquire(id);
    if (device == NULL) {
        return;
    }
    pthread_mutex_lock(&device->lock);
    if (device->running && device->stopping) {
        // Another stop is joining the thread: wait for it.
        while (device->running) {
            pthread_cond_wait(&device->changed, &device->lock);
        }
    }
    if (!device->running) {
        pthread_mutex_unlock(&device->lock);
        release(device);
        return;
    }
    device->stopping = 1;
    pthread_cond_broadcast(&device->changed);
    pthread_t thread = device->thread;
    pthread_mutex_unlock(&device->lock);
    pthread_join(thread, NULL);
    pthread_mutex_lock(&device->lock);
    device->running = 0;
    device->callback = NULL;
    device->context = NULL;
    pthread_cond_broadcast(&device->changed);
    pthread_mutex_unlock(&device->lock);
    release(device);
}

void sim_device_close(int32_t id) {
    sim_device_stop(id);
    pthread_mutex_lock(&table_lock);
    struct sim_device *device = NULL;
    if (id > 0 && id <= table_count) {
        device = table[id - 1];
        table[id - 1] = NULL;
    }
    pthread_mutex_unlock(&table_lock);
    if (device != NULL) {
        release(device);
    }
}

int32_t sim_device_delivered(int32_t id) {
    struct sim_device *device = acquire(id);
    if (device == NULL) {
        return 0;
    }
    pthread_mutex_lock(&device->lock);
    int32_t delivered = device->delivered;
    pthread_mutex_unlock(&device->lock);
    release(device);
    return delivered;
}

int32_t sim_device_is_running(int32_t id) {
    struct sim_device *device = acquire(id);
    if (device == NULL) {
        return 0;
    }
    pthread_mutex_lock(&device->lock);
    int32_t running = device->running;
    pthread_mutex_unlock(&device->lock);
    release(device);
    return running;
}

void *sim_device_context(int32_t id) {
    struct sim_device *device = acquire(id);
    if (device == NULL) {
        return NULL;
    }
    pthread_mutex_lock(&device->lock);
    void *context = device->running ? device->context : NULL;
    pthread_mutex_unlock(&device->lock);
    release(device);
    return context;
}
