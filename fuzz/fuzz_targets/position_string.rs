#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| ccg_fuzz::position_string(data));
