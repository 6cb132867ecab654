// A simulated device with a C API that calls back many times with a
// `void *context`: the shape of an audio IOProc, a HID input callback, an
// FSEvents stream or a sensor SDK. It stands in for the C library an app
// already links (`c-callback-stream`).

#ifndef CDEVICESIM_H
#define CDEVICESIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Called on the device's own thread, once per reading, in order.
typedef void (*sim_device_callback)(void *_Nullable context, int32_t reading);

/// Opens a device that, once started, reports the readings 1, 2, ...,
/// `readings` back to back, then stays quiet until it is stopped. Returns the
/// device's id (greater than 0), or -1.
int32_t sim_device_open(int32_t readings);

/// Registers `callback` and `context` and starts the device's thread.
/// Returns 0, or -1 for an unknown device or one already started. One
/// registration at a time; the device does not retain `context`.
int32_t sim_device_start(int32_t device, sim_device_callback _Nonnull callback,
                         void *_Nullable context);

/// Stops the device and waits for its thread: when it returns, no callback
/// is running and none will run for this registration. Does nothing for a
/// device that is not started. Must not be called from the callback (it would
/// wait for itself).
void sim_device_stop(int32_t device);

/// Frees a device, stopping it first if needed. No other call on the device
/// may run at the same time or after.
void sim_device_close(int32_t device);

/// For tests and demonstrations: how many callbacks of the current (or last)
/// registration have returned.
int32_t sim_device_delivered(int32_t device);

/// For tests and demonstrations: 1 while the device is started, else 0.
int32_t sim_device_is_running(int32_t device);

/// For tests and demonstrations: the context of the current registration,
/// or NULL.
void *_Nullable sim_device_context(int32_t device);

#ifdef __cplusplus
}
#endif

#endif
