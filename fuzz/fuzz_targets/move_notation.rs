#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| ccg_fuzz::move_notation(data));
