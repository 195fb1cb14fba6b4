//! The module's exported functions. The page writes a request into memory it asked for with
//! `engine_alloc`, calls `engine_call`, and reads the answer at `engine_answer` (its length is
//! what `engine_call` returned) before its next call. The host gives one import, `env.now`:
//! milliseconds on a monotonic clock (`performance.now()`), read only by the time cap.

use std::cell::RefCell;
use std::sync::Arc;
use std::time::Duration;

use ai::clock::FnClock;

unsafe extern "C" {
    /// Milliseconds on the host's monotonic clock.
    fn now() -> f64;
}

fn host_now() -> Duration {
    // SAFETY: the host supplies `env.now`, which takes nothing and returns a number.
    Duration::from_secs_f64(unsafe { now() }.max(0.0) / 1000.0)
}

thread_local! {
    static ANSWER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Memory for a request of `len` bytes; the page frees it with [`engine_free`].
#[unsafe(no_mangle)]
pub extern "C" fn engine_alloc(len: usize) -> *mut u8 {
    let mut buf = Vec::<u8>::with_capacity(len);
    let ptr = buf.as_mut_ptr();
    std::mem::forget(buf);
    ptr
}

/// Frees what [`engine_alloc`] gave for `len` bytes.
///
/// # Safety
/// `ptr` came from `engine_alloc(len)` and is freed once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn engine_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller passes back a pointer and capacity engine_alloc made.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len) });
}

/// Answers the UTF-8 request at `ptr` (`len` bytes); returns the answer's length.
///
/// # Safety
/// `ptr..ptr+len` is memory the page wrote a request into.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn engine_call(ptr: *const u8, len: usize) -> usize {
    // SAFETY: the caller wrote `len` bytes at `ptr`.
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    let answer = match std::str::from_utf8(bytes) {
        Ok(json) => crate::handle_on(json, Arc::new(FnClock(host_now))),
        Err(_) => crate::Answer::Error { error: "the request is not UTF-8".into() },
    };
    let out = serde_json::to_vec(&answer).expect("answers serialise");
    ANSWER.with(|a| {
        *a.borrow_mut() = out;
        a.borrow().len()
    })
}

/// Where the last answer is.
#[unsafe(no_mangle)]
pub extern "C" fn engine_answer() -> *const u8 {
    ANSWER.with(|a| a.borrow().as_ptr())
}
