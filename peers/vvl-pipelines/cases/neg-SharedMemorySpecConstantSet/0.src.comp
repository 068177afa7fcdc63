#version 450
layout(constant_id = 0) const uint Condition = 0;
layout(constant_id = 1) const uint SharedSize = 12304;

#define enableSharedMemoryOpt (Condition == 1)
shared uint arr[enableSharedMemoryOpt ? SharedSize : 1];
void main(){}
