#version 460
// OpTerminateInvocation (GL_EXT_terminate_invocation) and OpKill's replacement in SPIR-V 1.6.
#extension GL_EXT_terminate_invocation : require
layout(location = 0) in vec4 tint;
layout(location = 0) out vec4 color;
void main() {
  if (tint.a == 0.0) {
    terminateInvocation;
  }
  color = tint;
}
