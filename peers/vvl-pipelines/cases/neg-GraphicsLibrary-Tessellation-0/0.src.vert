#version 460
void main() {
    gl_Position = vec4(1);
}
