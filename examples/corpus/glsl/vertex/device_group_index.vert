#version 450
// Split-frame rendering across a device group: gl_DeviceIndex selects the half of the
// screen each physical device draws (DeviceGroup, GL_EXT_device_group).
#extension GL_EXT_device_group : require

layout(location = 0) in vec3 inPosition;
layout(push_constant) uniform PC { mat4 mvp; } pc;
layout(location = 0) flat out int outDevice;

void main() {
    vec4 p = pc.mvp * vec4(inPosition, 1.0);
    p.x = p.x * 2.0 + (gl_DeviceIndex == 0 ? p.w : -p.w);
    outDevice = gl_DeviceIndex;
    gl_Position = p;
}
