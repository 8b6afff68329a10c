//! Protocol front ends (UCI, XBoard, USI) over the engine.
