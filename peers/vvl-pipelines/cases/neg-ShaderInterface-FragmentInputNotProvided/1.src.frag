#version 450
layout(location=0) in float x;
layout(location=0) out vec4 color;
void main(){
   color = vec4(x);
}
